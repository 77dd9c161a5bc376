"""The correctness rules of the judge (src/harness/python/akgen_checks.py): NPUKernelBench's
default rule and the stricter dtype-aware rule, on outputs built to sit between them."""

import os
import sys
import unittest

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "src", "harness", "python"))
import akgen_checks  # noqa: E402


class JudgeRules(unittest.TestCase):
    def test_small_relative_error_passes_default_but_not_strict(self):
        expected = torch.linspace(1, 2, 4096, dtype=torch.float32)
        actual = expected * (1 + 5e-4)  # under 1e-3, far over float32's strict bounds
        self.assertEqual(akgen_checks.default_check(expected, actual)[0], 1)
        self.assertEqual(akgen_checks.strict_check(expected, actual)[0], 0)

    def test_exact_result_passes_both(self):
        expected = torch.randn(1000, dtype=torch.float16)
        self.assertEqual(akgen_checks.default_check(expected, expected.clone())[0], 1)
        self.assertEqual(akgen_checks.strict_check(expected, expected.clone())[0], 1)

    def test_one_half_ulp_is_within_strict_float16(self):
        expected = torch.full((256,), 1.0, dtype=torch.float16)
        actual = expected.clone()
        actual[0] = torch.tensor(1.0 + 2 ** -10, dtype=torch.float16)  # one ulp on one element
        self.assertEqual(akgen_checks.strict_check(expected, actual)[0], 1)

    def test_output_count_default_zips_strict_requires_all(self):
        expected = [torch.ones(8), torch.zeros(8), torch.full((8,), 2.0)]
        # NPUKernelBench zips the two lists: a glue returning the first two is judged on those.
        self.assertEqual(akgen_checks.default_check(expected, expected[:2])[0], 1)
        self.assertEqual(akgen_checks.strict_check(expected, expected[:2])[0], 0)
        wrong = [torch.ones(8), torch.ones(8)]
        self.assertEqual(akgen_checks.default_check(expected, wrong)[0], 0)
        self.assertEqual(akgen_checks.default_check(expected, [])[0], 0)  # nothing compared

    def test_unwritten_output_counts_as_mismatches(self):
        expected = torch.ones(100)
        actual = expected.clone()
        actual[10:20] = float("nan")  # the poison of outputs the kernel never wrote
        ok, _, _ = akgen_checks.default_check(expected, actual)
        self.assertEqual(ok, 0)
        self.assertEqual(akgen_checks.LAST_MISMATCHES[0], 10)
        ok, _, _ = akgen_checks.strict_check(expected, actual)
        self.assertEqual(ok, 0)
        self.assertEqual(akgen_checks.LAST_MISMATCHES[0], 10)

    def test_strict_requires_matching_infinities_and_exact_integers(self):
        expected = torch.tensor([1.0, float("inf"), -float("inf"), float("nan")])
        self.assertEqual(akgen_checks.strict_check(expected, expected.clone())[0], 1)
        flipped = expected.clone()
        flipped[1] = -float("inf")
        self.assertEqual(akgen_checks.strict_check(expected, flipped)[0], 0)
        ints = torch.arange(10, dtype=torch.int32)
        off = ints.clone()
        off[3] += 1
        self.assertEqual(akgen_checks.strict_check(ints, off)[0], 0)

    def test_equal_chunks_skip_the_error_pass_but_not_the_rules(self):
        saved = akgen_checks.CHECK_CHUNK
        akgen_checks.CHECK_CHUNK = 1000
        try:
            expected = torch.linspace(-3, 3, 10000, dtype=torch.float32)
            actual = expected.clone()
            actual[4321] += 0.5  # one chunk of ten differs, in one element
            ok, max_abs, _ = akgen_checks.default_check(expected, actual)
            self.assertEqual(ok, 0)
            self.assertEqual(akgen_checks.LAST_MISMATCHES[0], 1)
            self.assertAlmostEqual(float(max_abs), 0.5, places=5)
            # Equal outputs holding an infinity still fail the default rule, as in the benchmark.
            with_inf = expected.clone()
            with_inf[7777] = float("inf")
            ok, max_abs, _ = akgen_checks.default_check(with_inf, with_inf.clone())
            self.assertEqual(ok, 0)
            self.assertEqual(float(max_abs), 0.0)
            self.assertEqual(akgen_checks.default_check(expected, expected.clone())[0], 1)
        finally:
            akgen_checks.CHECK_CHUNK = saved


if __name__ == "__main__":
    unittest.main()

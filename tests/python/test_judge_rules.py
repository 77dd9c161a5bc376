"""The correctness rules of the judge (src/harness/python/akgen_task.py): NPUKernelBench's
default rule and the stricter dtype-aware rule, on outputs built to sit between them."""

import os
import sys
import unittest

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "src", "harness", "python"))
import akgen_task  # noqa: E402


class JudgeRules(unittest.TestCase):
    def test_small_relative_error_passes_default_but_not_strict(self):
        expected = torch.linspace(1, 2, 4096, dtype=torch.float32)
        actual = expected * (1 + 5e-4)  # under 1e-3, far over float32's strict bounds
        self.assertEqual(akgen_task.default_check(expected, actual)[0], 1)
        self.assertEqual(akgen_task.strict_check(expected, actual)[0], 0)

    def test_exact_result_passes_both(self):
        expected = torch.randn(1000, dtype=torch.float16)
        self.assertEqual(akgen_task.default_check(expected, expected.clone())[0], 1)
        self.assertEqual(akgen_task.strict_check(expected, expected.clone())[0], 1)

    def test_one_half_ulp_is_within_strict_float16(self):
        expected = torch.full((256,), 1.0, dtype=torch.float16)
        actual = expected.clone()
        actual[0] = torch.tensor(1.0 + 2 ** -10, dtype=torch.float16)  # one ulp on one element
        self.assertEqual(akgen_task.strict_check(expected, actual)[0], 1)

    def test_unwritten_output_counts_as_mismatches(self):
        expected = torch.ones(100)
        actual = expected.clone()
        actual[10:20] = float("nan")  # the poison of outputs the kernel never wrote
        ok, _, _ = akgen_task.default_check(expected, actual)
        self.assertEqual(ok, 0)
        self.assertEqual(akgen_task.LAST_MISMATCHES[0], 10)
        ok, _, _ = akgen_task.strict_check(expected, actual)
        self.assertEqual(ok, 0)
        self.assertEqual(akgen_task.LAST_MISMATCHES[0], 10)

    def test_strict_requires_matching_infinities_and_exact_integers(self):
        expected = torch.tensor([1.0, float("inf"), -float("inf"), float("nan")])
        self.assertEqual(akgen_task.strict_check(expected, expected.clone())[0], 1)
        flipped = expected.clone()
        flipped[1] = -float("inf")
        self.assertEqual(akgen_task.strict_check(expected, flipped)[0], 0)
        ints = torch.arange(10, dtype=torch.int32)
        off = ints.clone()
        off[3] += 1
        self.assertEqual(akgen_task.strict_check(ints, off)[0], 0)


if __name__ == "__main__":
    unittest.main()

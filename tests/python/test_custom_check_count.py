"""The judge's verdict under a task's own custom_check_precision (src/harness/python/akgen_task.py):
such a check returns the maximum errors as one-element tensors, so the verdict must not count
wrong elements over them ("1 mismatches" whatever the number of wrong elements, which read as
"one wrong element" in the ops-cv corpus); the built-in rules still count elements."""

import os
import sys
import unittest

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "src", "harness", "python"))
import akgen_task  # noqa: E402


def summary_check(expected, actual):
    """NPUKernelBench's custom_check_precision form: (ok, max abs error, max rel error)."""
    diff = (expected - actual).abs()
    ok = bool((diff <= 1e-4).all())
    return int(ok), torch.tensor([float(diff.max())]), torch.tensor([float((diff / (expected.abs() + 1e-7)).max())])


class CustomCheckCount(unittest.TestCase):
    def setUp(self):
        self.expected = [torch.linspace(1, 2, 100)]
        self.actual = [self.expected[0].clone()]
        self.actual[0][:40] += 1.0  # 40 wrong elements

    def test_custom_summary_check_reports_no_count(self):
        v = akgen_task.verdict(self.expected, self.actual, "custom", summary_check)
        self.assertFalse(v["passed"])
        self.assertNotIn("mismatches", v)
        self.assertAlmostEqual(v["max_abs_error"], 1.0, places=5)

    def test_custom_elementwise_check_keeps_its_count(self):
        elementwise = lambda e, a: (int(bool(((e - a).abs() <= 1e-4).all())), (e - a).abs(), (e - a).abs() / e.abs())
        v = akgen_task.verdict(self.expected, self.actual, "custom", elementwise)
        self.assertEqual(v["mismatches"], 40)

    def test_default_rule_counts_elements(self):
        v = akgen_task.verdict(self.expected, self.actual, "default")
        self.assertFalse(v["passed"])
        self.assertEqual(v["mismatches"], 40)


if __name__ == "__main__":
    unittest.main()

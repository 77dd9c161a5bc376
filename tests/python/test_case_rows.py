"""How the golden step types test_cases.csv cells (src/harness/python/akgen_golden.py): the way
pandas, which NPUKernelBench's own runner uses, would type them."""

import math
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "src", "harness", "python"))
import akgen_golden  # noqa: E402


class CaseRows(unittest.TestCase):
    def rows(self, text):
        with tempfile.TemporaryDirectory() as task:
            os.makedirs(os.path.join(task, "validation"))
            with open(os.path.join(task, "validation", "test_cases.csv"), "w") as f:
                f.write(text)
            return akgen_golden.read_cases(task)

    def test_columns_take_pandas_types(self):
        rows = self.rows("case_id;shape;eps;flag;mode;opt\n"
                         "0;[4, 8];1e-5;True;sum;false\n"
                         "1;[2];0.5;False;mean;\n")
        self.assertEqual(rows[0]["case_id"], 0)
        self.assertIsInstance(rows[0]["case_id"], int)
        self.assertEqual(rows[0]["shape"], "[4, 8]")
        self.assertAlmostEqual(rows[0]["eps"], 1e-5)
        self.assertIs(rows[0]["flag"], True)   # a True/False column is bool, not the string "True"
        self.assertIs(rows[1]["flag"], False)
        self.assertEqual(rows[1]["mode"], "mean")
        self.assertIs(rows[0]["opt"], False)
        self.assertTrue(math.isnan(rows[1]["opt"]))  # an empty cell is NaN

    def test_mixed_column_stays_text(self):
        rows = self.rows("case_id;v\n0;True\n1;maybe\n")
        self.assertEqual(rows[0]["v"], "True")


if __name__ == "__main__":
    unittest.main()

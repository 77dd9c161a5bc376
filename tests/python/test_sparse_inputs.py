"""A sparse COO input (NPUKernelBench's CoalesceSparse passes one to ModelNew) survives the golden
step's files: encode keeps its stored indices and values, size and coalesced flag, and decode
rebuilds the same tensor (src/harness/python/akgen_golden.py)."""

import os
import sys
import tempfile
import unittest

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "src", "harness", "python"))
import akgen_golden  # noqa: E402


class SparseInputs(unittest.TestCase):
    def round_trip(self, value, known=None):
        with tempfile.TemporaryDirectory() as d:
            entry = akgen_golden.encode(value, d, "in", [0], known)
            return entry, akgen_golden.decode(entry, d)

    def test_uncoalesced_tensor_keeps_duplicates(self):
        indices = torch.tensor([[0, 2, 0, 1], [1, 0, 1, 3]])
        values = torch.tensor([[1.5, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]], dtype=torch.float16)
        t = torch.sparse_coo_tensor(indices, values, [3, 4, 2])
        entry, back = self.round_trip(t)
        self.assertIn("sparse_coo", entry)
        self.assertEqual(back.layout, torch.sparse_coo)
        self.assertFalse(back.is_coalesced())
        self.assertEqual(list(back.shape), [3, 4, 2])
        self.assertTrue(torch.equal(back._indices(), indices))  # the duplicate (0, 1) is still there
        self.assertTrue(torch.equal(back._values(), values))
        self.assertTrue(torch.equal(back.coalesce().to_dense(), t.coalesce().to_dense()))

    def test_coalesced_flag_survives(self):
        t = torch.sparse_coo_tensor(torch.tensor([[0, 0], [1, 1]]), torch.tensor([1, 2], dtype=torch.int32),
                                    [2, 2]).coalesce()
        _, back = self.round_trip(t)
        self.assertTrue(back.is_coalesced())
        self.assertTrue(torch.equal(back.to_dense(), t.to_dense()))

    def test_indices_equal_to_a_dense_input_share_its_file(self):
        indices = torch.tensor([[0, 1], [2, 3]])
        t = torch.sparse_coo_tensor(indices, torch.tensor([1.0, 2.0]), [4, 4])
        with tempfile.TemporaryDirectory() as d:
            known, counter = [], [0]
            dense = akgen_golden.encode(indices, d, "in", counter, known)
            sparse = akgen_golden.encode(t, d, "in", counter, known)
            shared = sparse["sparse_coo"]["indices"]["tensor"]
            self.assertEqual(os.path.normpath(os.path.join(d, shared)), os.path.join(d, dense["tensor"]))
            self.assertEqual(sorted(os.listdir(d)), ["in1.npy", "in2.npy"])  # indices once, values once


if __name__ == "__main__":
    unittest.main()

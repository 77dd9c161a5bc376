"""Which cases the harness may judge in C++ (docs/judge.md): akgen_task.returns_kernel_value says
whether ModelNew.forward returns the kernel call's value unchanged."""

import os
import sys
import types
import unittest

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "src", "harness", "python"))
import akgen_task  # noqa: E402
import kernel_gen_ops  # noqa: E402  (akgen_golden's stand-in for the compiled module)


def module_with(forward):
    class ModelNew(torch.nn.Module):
        pass
    ModelNew.forward = forward
    return types.SimpleNamespace(ModelNew=ModelNew)


class ForwardProbe(unittest.TestCase):
    def probe(self, forward, inputs=(torch.ones(4),)):
        return akgen_task.returns_kernel_value(module_with(forward), [], list(inputs))

    def test_forward_returning_the_kernel_value(self):
        self.assertTrue(self.probe(lambda self, x: kernel_gen_ops.add(x, x)))

    def test_forward_checking_inputs_first(self):
        def forward(self, x):
            assert x.dim() == 1
            out = kernel_gen_ops.neg(x)
            return out
        self.assertTrue(self.probe(forward))

    def test_forward_casting_the_value(self):  # NPUKernelBench's Equal: .to(torch.int)
        self.assertFalse(self.probe(lambda self, x: kernel_gen_ops.equal(x, x).to(dtype=torch.int)))

    def test_forward_wrapping_or_indexing_the_value(self):
        self.assertFalse(self.probe(lambda self, x: (kernel_gen_ops.f(x),)))
        self.assertFalse(self.probe(lambda self, x: kernel_gen_ops.f(x)[0]))

    def test_forward_not_calling_the_kernel(self):
        self.assertFalse(self.probe(lambda self, x: x * 2))

    def test_the_probe_leaves_no_replay_behind(self):
        self.probe(lambda self, x: kernel_gen_ops.add(x, x))
        self.assertIsNone(kernel_gen_ops.replay)


if __name__ == "__main__":
    unittest.main()

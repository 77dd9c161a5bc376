import math

import torch
import torch.nn as nn
import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)


class Model(nn.Module):
    """Reference: one torch.optim.AdamW step (amsgrad and maximize off) for one tensor,
    evaluated in float32; the three updated tensors are rounded once to their dtype."""

    def __init__(self, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=1e-2, step=1):
        super().__init__()
        self.lr, self.beta1, self.beta2 = lr, beta1, beta2
        self.eps, self.weight_decay, self.step = eps, weight_decay, step

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        dtype = param.dtype
        p, g, m, v = param.float(), grad.float(), exp_avg.float(), exp_avg_sq.float()
        bc1 = 1.0 - self.beta1 ** self.step
        bc2 = 1.0 - self.beta2 ** self.step
        p = p * (1.0 - self.lr * self.weight_decay)
        m = m * self.beta1 + g * (1.0 - self.beta1)
        v = v * self.beta2 + g * g * (1.0 - self.beta2)
        denom = v.sqrt() / math.sqrt(bc2) + self.eps
        p = p - (self.lr / bc1) * (m / denom)
        return p.to(dtype), m.to(dtype), v.to(dtype)


class ModelNew(nn.Module):
    def __init__(self, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=1e-2, step=1):
        super().__init__()
        self.lr, self.beta1, self.beta2 = lr, beta1, beta2
        self.eps, self.weight_decay, self.step = eps, weight_decay, step

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        import kernel_gen_ops
        # The kernel updates param, exp_avg and exp_avg_sq in place: work on copies.
        p, m, v = param.clone(), exp_avg.clone(), exp_avg_sq.clone()
        p, m, v = kernel_gen_ops.adam_w(p, grad, m, v, self.lr, self.beta1, self.beta2, self.eps,
                                        self.weight_decay, self.step)
        return p, m, v

#!/usr/bin/env python3
"""Runs operators of hicann/ops-cv (CANN 8.x operator repository layout) through `akgen run`, each
on inputs this script writes, and compares every output with a reference computed here in plain
Python from the operator's documented formula (docs/compat.md, "CANN 8.x operator repositories").

Usage: ops_cv_cases.py AKGEN OPS_CV_ROOT WORK_DIR [OPERATOR ...]
OPS_CV_ROOT is a checkout or an extract (`git archive HEAD <op dirs> | tar -x`) of the repository;
nothing of it is copied. Exit status 0 when every operator matched its reference.
"""
import ast, math, os, random, struct, subprocess, sys

# .npy files without numpy: little-endian, C order.
NPY_CODES = {'float32': ('<f4', 'f'), 'int32': ('<i4', 'i'), 'uint8': ('|u1', 'B')}


def npy_write(path, shape, dtype, values):
    descr, fmt = NPY_CODES[dtype]
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, repr(tuple(shape)))
    header += ' ' * ((64 - (10 + len(header) + 1) % 64) % 64) + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode())
        f.write(struct.pack('<%d%s' % (len(values), fmt), *values))


def npy_read(path):
    with open(path, 'rb') as f:
        data = f.read()
    n = struct.unpack('<H', data[8:10])[0]
    header = ast.literal_eval(data[10:10 + n].decode())
    fmt = {descr: code for descr, code in NPY_CODES.values()}[header['descr']]
    body = data[10 + n:]
    return header['shape'], list(struct.unpack('<%d%s' % (len(body) // struct.calcsize(fmt), fmt), body))

def f32(v):
    return struct.unpack('<f', struct.pack('<f', v))[0]

def run(akgen, project, work, name, inputs, attrs, outputs, tol):
    """inputs: [(name, shape, dtype, values)], outputs: [(name, reference values)]."""
    d = os.path.join(work, name); os.makedirs(d, exist_ok=True)
    files = []
    for iname, shape, dtype, values in inputs:
        files.append(os.path.join(d, iname + '.npy')); npy_write(files[-1], shape, dtype, values)
    cmd = [akgen, 'run', project, '--inputs', ','.join(files), '--out', d]
    if attrs: cmd += ['--case', attrs]
    r = subprocess.run(cmd, capture_output=True, text=True)
    print('$ akgen run', project, '--inputs', ','.join(os.path.basename(f) for f in files), '--out', name,
          *(['--case', repr(attrs)] if attrs else []))
    print(r.stdout.strip()); print(r.stderr.strip()) if r.stderr.strip() else None
    ok = r.returncode == 0
    for oname, ref in outputs:
        _, got = npy_read(os.path.join(d, oname + '.npy'))
        bad = [i for i in range(len(ref)) if not (abs(got[i] - ref[i]) <= tol * max(1.0, abs(ref[i])))]
        print('%s %s: %d of %d elements differ from the reference' % (name, oname, len(bad), len(ref)),
              '' if not bad else 'first %d: got %r want %r' % (bad[0], got[bad[0]], ref[bad[0]]))
        ok &= not bad and len(got) == len(ref)
    return ok

def blend(akgen, project, work):
    random.seed(2); ok = True
    for bg_dtype in ('float32', 'uint8'):
        shape = [3, 100, 67]; n = 3 * 100 * 67
        face = [f32(random.uniform(0, 255)) for _ in range(n)]
        mask = [f32(random.uniform(0.5, 4)) for _ in range(n)]
        maxm = [f32(random.uniform(0, 1)) for _ in range(n)]
        bg = [random.randint(0, 255) for _ in range(n)] if bg_dtype == 'uint8' else [f32(random.uniform(0, 255)) for _ in range(n)]
        ref = [(face[i] / (mask[i] + 1e-12)) * maxm[i] + bg[i] * (1 - maxm[i]) for i in range(n)]
        ok &= run(akgen, project, work, 'blend_' + bg_dtype,
                  [('acc_face', shape, 'float32', face), ('acc_mask', shape, 'float32', mask),
                   ('max_mask', shape, 'float32', maxm), ('bg_img', shape, bg_dtype, bg)], '',
                  [('fused_img', ref)], 1e-4)
    return ok

def nms(akgen, project, work):
    random.seed(3); n = 200
    boxes, scores = [], []
    for i in range(n):
        x, y = random.uniform(0, 100), random.uniform(0, 100)
        w, h = random.uniform(5, 30), random.uniform(5, 30)
        boxes += [f32(x), f32(y), f32(x + w), f32(y + h)]
    scores = sorted((f32(random.uniform(0, 1)) for _ in range(n)), reverse=True)  # the op expects descending scores
    iou_t, score_t = 0.3, 0.2
    keep, out = [1] * n, [0] * n
    area = lambda b: (b[2] - b[0]) * (b[3] - b[1])
    for i in range(n):
        if not keep[i]: continue
        if scores[i] < score_t: keep[i] = 0; continue
        out[i] = 1
        bi = boxes[4 * i:4 * i + 4]
        for j in range(i + 1, n):
            if not keep[j]: continue
            bj = boxes[4 * j:4 * j + 4]
            iw = max(0.0, min(bi[2], bj[2]) - max(bi[0], bj[0])); ih = max(0.0, min(bi[3], bj[3]) - max(bi[1], bj[1]))
            inter = iw * ih
            if inter / (area(bi) + area(bj) - inter) > iou_t: keep[j] = 0
    return run(akgen, project, work, 'nms_with_mask', [('x1', [n, 4], 'float32', boxes), ('x2', [n], 'float32', scores)],
               'iou_threshold=%g;scores_threshold=%g' % (iou_t, score_t), [('y', out)], 0)

def ciou(akgen, project, work):
    # bboxes / gtboxes [4, N] as rows x1, y1, x2, y2 (trans=false, mode iou); outputs the CIoU and
    # atan(w/h) of the box minus that of the ground truth. eps 1e-7 as the tiling sets it.
    random.seed(4); n = 1000; eps = 1e-7
    def boxes():
        rows = [[], [], [], []]
        for _ in range(n):
            x, y, w, h = random.uniform(0, 50), random.uniform(0, 50), random.uniform(1, 20), random.uniform(1, 20)
            for r, v in zip(rows, (x, y, x + w, y + h)): r.append(f32(v))
        return rows
    a, b = boxes(), boxes()
    ciou_ref, atan_ref = [], []
    for i in range(n):
        ax1, ay1, ax2, ay2 = (r[i] for r in a); bx1, by1, bx2, by2 = (r[i] for r in b)
        w1, h1, w2, h2 = ax2 - ax1, ay2 - ay1, bx2 - bx1, by2 - by1
        inter = max(0.0, min(ax2, bx2) - max(ax1, bx1)) * max(0.0, min(ay2, by2) - max(ay1, by1))
        iou = inter / (w1 * h1 + w2 * h2 - inter + eps)
        dt = math.atan(w1 / (h1 + eps)) - math.atan(w2 / (h2 + eps))
        v = 4 / math.pi ** 2 * dt * dt
        alpha = v / (1 + v - iou)
        rho2 = ((ax1 + ax2 - bx1 - bx2) / 2) ** 2 + ((ay1 + ay2 - by1 - by2) / 2) ** 2
        c2 = (max(ax2, bx2) - min(ax1, bx1)) ** 2 + (max(ay2, by2) - min(ay1, by1)) ** 2 + eps
        ciou_ref.append(iou - alpha * v - rho2 / c2); atan_ref.append(dt)
    flat = lambda rows: [v for r in rows for v in r]
    return run(akgen, project, work, 'c_io_u', [('bboxes', [4, n], 'float32', flat(a)), ('gtboxes', [4, n], 'float32', flat(b))],
               '', [('overlap', ciou_ref), ('atan_sub', atan_ref)], 1e-3)

def roi_align(akgen, project, work):
    # features [2, 3, 16, 20], 12 rois (batch, x1, y1, x2, y2), 4 x 5 bins, 2 x 2 samples per bin,
    # bilinear with the usual border rule (outside [-1, size] is 0, else clamped), bin average.
    random.seed(5); N, C, H, W, ph, pw, scale, sr = 2, 3, 16, 20, 4, 5, 0.5, 2
    feat = [f32(random.uniform(-1, 1)) for _ in range(N * C * H * W)]
    rois = []
    for _ in range(12):
        x1, y1 = random.uniform(-4, 30), random.uniform(-4, 24)
        rois += [float(random.randint(0, N - 1)), f32(x1), f32(y1), f32(x1 + random.uniform(1, 14)), f32(y1 + random.uniform(1, 12))]
    def bilinear(base, y, x):
        if y < -1 or y > H or x < -1 or x > W: return 0.0
        y = min(max(y, 0.0), H - 1.0); x = min(max(x, 0.0), W - 1.0)
        y0, x0 = int(y), int(x); y1, x1 = min(y0 + 1, H - 1), min(x0 + 1, W - 1)
        ly, lx = y - y0, x - x0
        g = lambda yy, xx: feat[base + yy * W + xx]
        return (1 - ly) * (1 - lx) * g(y0, x0) + (1 - ly) * lx * g(y0, x1) + ly * (1 - lx) * g(y1, x0) + ly * lx * g(y1, x1)
    ref = []
    for r in range(12):
        b, x1, y1, x2, y2 = rois[5 * r:5 * r + 5]
        x1, y1, x2, y2 = x1 * scale, y1 * scale, x2 * scale, y2 * scale
        rw, rh = max(x2 - x1, 1.0), max(y2 - y1, 1.0)
        bw, bh = rw / pw, rh / ph
        for c in range(C):
            base = (int(b) * C + c) * H * W
            for i in range(ph):
                for j in range(pw):
                    acc = sum(bilinear(base, y1 + i * bh + (iy + 0.5) * bh / sr, x1 + j * bw + (ix + 0.5) * bw / sr)
                              for iy in range(sr) for ix in range(sr))
                    ref.append(acc / (sr * sr))
    return run(akgen, project, work, 'roi_align_v2', [('features', [N, C, H, W], 'float32', feat), ('rois', [12, 5], 'float32', rois)],
               'pooled_height=%d;pooled_width=%d;spatial_scale=%g;sampling_ratio=%d' % (ph, pw, scale, sr),
               [('output', ref)], 1e-4)

def add_example(akgen, project, work):
    # y = x1 + x2 on a 4-D shape, float32 (tiling key 0) and int32 (key 1).
    random.seed(1); shape = [2, 3, 64, 33]; n = 2 * 3 * 64 * 33; ok = True
    for dtype in ('float32', 'int32'):
        gen = (lambda: f32(random.uniform(-10, 10))) if dtype == 'float32' else (lambda: random.randint(-1000, 1000))
        a = [gen() for _ in range(n)]; b = [gen() for _ in range(n)]
        ok &= run(akgen, project, work, 'add_example_' + dtype, [('x1', shape, dtype, a), ('x2', shape, dtype, b)], '',
                  [('y', [a[i] + b[i] for i in range(n)])], 1e-6)
    return ok


OPERATORS = {
    'add_example': ('examples/add_example', add_example),
    'blend_face_bg_part_two': ('experimental/image/blend_face_bg_part_two', blend),
    'nms_with_mask': ('experimental/image/nms_with_mask', nms),
    'c_io_u': ('experimental/objdetect/c_io_u', ciou),
    'roi_align_v2': ('experimental/objdetect/roi_align_v2', roi_align),
}

if __name__ == '__main__':
    akgen, root, work = sys.argv[1:4]
    names = sys.argv[4:] or list(OPERATORS)
    failed = [n for n in names if not OPERATORS[n][1](akgen, os.path.join(root, OPERATORS[n][0]), work)]
    print('%d of %d operators match their reference' % (len(names) - len(failed), len(names)),
          ('(failed: %s)' % ', '.join(failed)) if failed else '')
    sys.exit(1 if failed else 0)

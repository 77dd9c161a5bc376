#!/usr/bin/env python3
"""Builds an NPUKernelBench-layout task tree from the operators of hicann/ops-cv and
hicann/ops-transformer (docs/compat.md, "hicann/ops-* corpus").

The specs (scripts/corpus/specs/<repo>/<op>.json: shapes, dtypes, attributes, a torch
reference) are ours and committed. The answer of every task (op_host + op_kernel) is copied
from the fetched mirror when this runs, so no third-party code is ever committed:

  scripts/corpus/make_tasks.py --mirror ops_cv=/work/.mirror/hicann+ops-cv/repo \
      --mirror ops_transformer=/work/.mirror/hicann+ops-transformer/repo --out DIR [OP ...]

A mirror is a bare git directory (read with `git show`); a plain checkout works too.
Spec fields:
  path        operator directory in the repository (image/upsample_nearest)
  level, category, name   where the task goes: DIR/level<level>/<category>/<name>
  function    the kernel_gen_ops function the glue defines
  op_type     the OpDef class name (the aclnn call is aclnn<op_type>)
  summary     one paragraph for api_desc.md
  inputs      [{name, shape: "col:<column>", a literal, or null when gen computes it, dtype: column, literal or "like:<input>",
                gen: randn | rand | uniform:lo:hi | randint:lo:hi | expr:<python>}]; an optional
              input the cases leave out is {name, absent: true} (the glue passes an undefined tensor)
  attrs       [{name, type: int|float|bool|str|ints|floats, value: literal or "col:<column>"}]
              in OpDef order (the aclnn bridge takes inputs, attributes, outputs by position)
  params      [{name, type, value}] values the reference and the output shapes need that are not
              attributes (passed to Model and ModelNew after the attributes, never to the kernel)
  outputs     [{name, shape: python expression over inputs/attrs/params, dtype: "like:<input>" or name,
              inplace: "<input>" when the OpDef declares the output in place (an Output named like that
              Input): the glue passes a copy of the input in its place and returns it}]
  reference   python source of `def reference(<inputs>, <attrs>)` returning the output(s);
              float16/bfloat16 inputs arrive widened to float32 (Debian's torch lacks most
              half CPU kernels) and results are rounded to the output dtype
  columns     CSV columns besides case_id; cases: rows of those columns (python literals)
  tolerance   {dtype: [abs, rel]} (default 1e-3 / 1e-3); {"int": k}: integer outputs may differ by
              k (a rounding step the documentation leaves open), otherwise they must be equal
  exclude     extra glob patterns (relative to the operator directory) not to copy; keep: default
              exclusions that do not apply (an Ascend 950 operator's only kernel is its *_apt.cpp)
  extra       [[repo path, path under answer/0]] files outside the operator directory
  soc         platform the operator targets when not Atlas A2 (informational, in api_desc.md)
  platform    the platform file the task runs on (written to validation/soc, which `akgen bench`
              uses when no --soc is given), e.g. Ascend950PR for an operator with only arch35 code
"""
import argparse
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Never part of an answer: the aclnn layer (it includes the repository's whole op_api tree),
# build files, binary configs, and the Ascend 950 kernel entry (*_apt.cpp) of operators whose
# Atlas A2 kernel is a separate file (it would be a second kernel source). The arch35/ headers
# stay: A2 kernels include them (under an architecture #if), and the builder compiles only the
# top-level sources of op_host/ and op_kernel/.
DEFAULT_EXCLUDE = ["op_host/op_api/*", "op_api/*", "op_host/config/*", "*CMakeLists.txt",
                   "op_kernel/*_apt.cpp"]
SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".cc", ".inc", ".hh")

CXX_TYPES = {"int": "int64_t", "float": "double", "bool": "bool", "str": "std::string",
             "ints": "std::vector<int64_t>", "floats": "std::vector<double>"}


class Mirror:
    """The files of one fetched repository's HEAD (a bare git directory or a checkout)."""

    def __init__(self, root):
        self.root = root
        self.bare = os.path.exists(os.path.join(root, "HEAD")) and not os.path.isdir(os.path.join(root, ".git"))
        if self.bare:
            out = subprocess.run(["git", "-C", root, "ls-tree", "-r", "--name-only", "HEAD"], check=True,
                                 stdout=subprocess.PIPE, text=True).stdout
            self.files = set(out.splitlines())
        else:
            self.files = set()
            for dirpath, _, names in os.walk(root):
                for n in names:
                    self.files.add(os.path.relpath(os.path.join(dirpath, n), root))
        self.cache = {}

    def read(self, path):
        if path not in self.cache:
            if self.bare:
                self.cache[path] = subprocess.run(["git", "-C", self.root, "show", "HEAD:" + path], check=True,
                                                  stdout=subprocess.PIPE).stdout
            else:
                with open(os.path.join(self.root, path), "rb") as f:
                    self.cache[path] = f.read()
        return self.cache[path]

    def under(self, directory):
        prefix = directory.rstrip("/") + "/"
        return sorted(f for f in self.files if f.startswith(prefix))


def excluded(rel, patterns):
    return any(fnmatch.fnmatch(rel, p) for p in patterns)


# Where each repository's build looks for a quoted include besides the including file's
# directory: the repository root and its common include directories (CANN's repository build
# puts them on the include path). ops-transformer's cmake/variables.cmake (OP_TILING_INCLUDE,
# OP_PROTO_INCLUDE, OPAPI_INCLUDE) adds, for every operator, mc2/common, mc2/common/inc, mc2/3rd and
# mc2: its cube operators under mc2/3rd include "common/op_host/matmul_common_infershape.h"
# (mc2/3rd/common/op_host) and "mc2_log.h" (mc2/common/inc) that way.
INCLUDE_ROOTS = {"ops_cv": ["", "common/inc", "common/inc/op_api"],
                 "ops_transformer": ["", "common/include", "common/include/external", "mc2/common",
                                     "mc2/common/inc", "mc2/3rd", "mc2"]}
# Stand-ins a repository keeps for CANN package headers, on its include path after the package's
# own directories: a header there is used only where our include/ (the package here) lacks it.
# ops-transformer's common/stub/op_tiling (OP_TILING_INCLUDE) holds op_cache_tiling.h,
# runtime_kb_api.h and register/tuning_*.h.
PACKAGE_STUB_ROOTS = {"ops_transformer": ["common/stub/op_tiling"]}
OUR_INCLUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "include")
# Common headers whose functions the repository compiles from a source of the same name into
# every operator's host library, as (header prefix, source prefix): ops-cv's
# common/inc/op_host/tiling_util.h and common/src/op_host/tiling_util.cpp; ops-transformer's
# mc2/common/inc -> mc2/common/src (cmake/obj_func.cmake adds mc2_log.cpp and its neighbours to
# every tiling object), mc2/3rd/common/op_host beside its headers (its CMakeLists adds the
# directory's sources) and the op_tiling stub library (common/stub/op_tiling/*.cpp).
COMMON_SOURCES = {"ops_cv": [("common/inc/", "common/src/")],
                  "ops_transformer": [("mc2/common/inc/", "mc2/common/src/"),
                                      ("mc2/3rd/common/op_host/", "mc2/3rd/common/op_host/"),
                                      ("common/stub/op_tiling/", "common/stub/op_tiling/")]}
QUOTED_INCLUDE = re.compile(rb'^\s*#\s*include\s*"([^"]+)"', re.M)


def common_source_of(repo, header, mirror):
    """The repository source compiled for a common header, if it has one."""
    if not header.endswith(".h"):
        return None
    for inc, src in COMMON_SOURCES.get(repo, []):
        if header.startswith(inc):
            source = src + header[len(inc):-2] + ".cpp"
            if source in mirror.files:
                return source
    return None


def resolve_in_roots(repo, inc, mirror):
    """The repository file a quoted include names through the repository's include roots, or through
    its package stand-ins where our include/ has no header of that name; None otherwise."""
    for root in INCLUDE_ROOTS.get(repo, [""]):
        candidate = os.path.normpath(os.path.join(root, inc))
        if candidate in mirror.files:
            return candidate
    if os.path.exists(os.path.join(OUR_INCLUDE, inc)):
        return None
    for root in PACKAGE_STUB_ROOTS.get(repo, []):
        candidate = os.path.normpath(os.path.join(root, inc))
        if candidate in mirror.files:
            return candidate
    return None


def in_operator(target):
    """A path (relative to the operator directory) inside its op_host/ or op_kernel/."""
    return target.split("/")[0] in ("op_host", "op_kernel")


def sibling_of_operator(target):
    """A path one level out of the operator directory, into a sibling operator's directory that is
    not named like an answer sample (answer/<K>)."""
    parts = target.split("/")
    return len(parts) > 2 and parts[0] == ".." and parts[1] not in ("..", ".") and not parts[1].isdigit()


def flattened_sibling(op_path, rel, inc, mirror):
    """The repository file a kernel source names by the device build's layout, which puts each
    operator's op_kernel/ files in a directory named after the operator: "../other_op/x.h" from
    op_kernel/ is <category>/other_op/op_kernel/x.h (ops-cv's blend_images_custom outside its
    __CCE_KT_TEST__ branch). None when the include is not of that form."""
    parts = inc.split("/")
    if not rel.startswith("op_kernel/") or len(parts) < 3 or parts[0] != ".." or parts[1] in ("..", "."):
        return None
    candidate = os.path.normpath(os.path.join(os.path.dirname(op_path), parts[1], "op_kernel", *parts[2:]))
    return candidate if candidate in mirror.files else None


DEPENDENCY_DECLARATIONS = [re.compile(rb"add_dependent_ops\s*\(([^)]*)\)"), re.compile(rb"\bDEPENDENCIES\s+([^)]*)\)"),
                           re.compile(rb"set\s*\(\s*NEW_OP_NAMES\s+\$\{ASCEND_OP_NAME\}\s+([^)]*)\)")]
OPERATOR_CMAKE = ("CMakeLists.txt", "op_host/CMakeLists.txt")


def dependent_operators(op_path, mirror):
    """The operators the repository's build compiles with op_path, as its CMake files declare
    them (the builder reads the same declarations: src/build/project.h, DependentOperatorsOf):
    [(name, repository path)], each found beside the operator or in a sibling category."""
    names = []
    for cmake in OPERATOR_CMAKE:
        path = op_path + "/" + cmake
        if path not in mirror.files:
            continue
        text = b"\n".join(line.split(b"#")[0] for line in mirror.read(path).splitlines())
        for declaration in DEPENDENCY_DECLARATIONS:
            for words in declaration.findall(text):
                for w in words.decode().split():
                    if "${" in w:
                        continue
                    if w.replace("_", "").isupper():
                        break
                    if w not in names:
                        names.append(w)
    parent = os.path.dirname(op_path)
    above = os.path.dirname(parent) + "/" if os.path.dirname(parent) else ""
    found = []
    for name in names:
        places = [parent + "/" + name] + sorted({"/".join(f.split("/")[:-2]) for f in mirror.files
                                                 if f.startswith(above) and f.count("/") == above.count("/") + 3
                                                 and f.endswith("/" + name + "/op_host/CMakeLists.txt")})
        for place in places:
            if place != op_path and mirror.under(place + "/op_host"):
                found.append((name, place))
                break
    return found


def copy_answer(spec, repo, mirror, answer_dir):
    """Copies the operator's op_host/ and op_kernel/ sources, then every repository header they
    include through the repository's include roots (placed next to the including file, where the
    compiler looks first), so the answer is the operator as its repository builds it. A file of a
    sibling operator that a source includes by a relative path ("../../x/op_kernel/y.h", from
    op_kernel/) keeps its place relative to the operator: answer/0 stands for the operator's
    directory, so the sibling goes to answer/x/op_kernel/y.h (the task's answer/ plays the
    category directory; docs/anticheat.md, "The answer project"). A kernel include in the device
    build's flattened form ("../x/y.h", see flattened_sibling) gets x's op_kernel/y.h where it
    resolves from op_kernel/ (answer/0/x/y.h). Paths climbing further are left as they are."""
    patterns = [p for p in DEFAULT_EXCLUDE if p not in spec.get("keep", [])] + spec.get("exclude", [])
    written = {}  # answer path -> repository path
    for path in mirror.under(spec["path"]):
        rel = os.path.relpath(path, spec["path"])
        if not (rel.startswith("op_host/") or rel.startswith("op_kernel/")):
            continue
        if excluded(rel, patterns) or not rel.endswith(SOURCE_SUFFIXES):
            continue
        written[rel] = path
    for src, dst in spec.get("extra", []):
        written[dst] = src
    # The operators built with this one (its CMake declarations, kept for the builder to read):
    # their op_host sources but the OpDef, at their place beside the operator (answer/<name>).
    for cmake in OPERATOR_CMAKE:
        if spec["path"] + "/" + cmake in mirror.files:
            written[cmake] = spec["path"] + "/" + cmake
    for name, place in dependent_operators(spec["path"], mirror):
        for path in mirror.under(place + "/op_host"):
            rel = os.path.relpath(path, place)
            if excluded(rel, patterns) or fnmatch.fnmatch(rel, "op_host/*_def*.cpp"):
                continue
            if rel.endswith(SOURCE_SUFFIXES):
                written["../%s/%s" % (name, rel)] = path
    if not any(rel.startswith("op_kernel/") for rel in written):
        raise SystemExit("%s: nothing to copy under %s/op_kernel" % (spec["name"], spec["path"]))
    own = set(written)  # the operator's own files; everything else is carried in for them
    work = list(written.items())
    while work:
        rel, path = work.pop()
        for inc in QUOTED_INCLUDE.findall(mirror.read(path)):
            inc = inc.decode()
            target = os.path.normpath(os.path.join(os.path.dirname(rel), inc))
            flat = flattened_sibling(spec["path"], rel, inc, mirror)
            beside = os.path.normpath(os.path.join(os.path.dirname(path), inc))
            # a carried copy's own includes resolve beside it or through the include roots, as in
            # the repository (also when it was placed inside op_host/ or op_kernel/, next to the
            # file that includes it)
            next_to_copy = rel not in own and not target.startswith("..")
            if target in written or not (in_operator(target) or sibling_of_operator(target) or flat or next_to_copy):
                continue
            found = beside if beside in mirror.files else flat
            if not found:
                found = resolve_in_roots(repo, inc, mirror)
            if found:
                written[target] = found
                work.append((target, found))
                source = common_source_of(repo, found, mirror)
                if source and "op_host/" in rel:  # compiled into the operator's host library
                    flat = "op_host/" + source.replace("/", "_")
                    if flat not in written:
                        written[flat] = source
                        work.append((flat, source))
    for rel, path in sorted(written.items()):
        dst = os.path.normpath(os.path.join(answer_dir, rel))
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(mirror.read(path))


COERCE = {"int": "int", "float": "float", "bool": "bool", "str": "str",
          "ints": "_ints", "floats": "_floats"}


def attr_value_code(attr):
    """The attribute's value in get_init_inputs, as the type its OpDef declares."""
    v = attr["value"]
    code = "_cell(param, %r)" % v[4:] if isinstance(v, str) and v.startswith("col:") else repr(v)
    return "%s(%s)" % (COERCE[attr["type"]], code)


def present(spec):
    return [i for i in spec["inputs"] if not i.get("absent")]


def write_prepare(spec, path):
    ins = present(spec)
    lines = [
        "# Generated by scripts/corpus/make_tasks.py from scripts/corpus/specs; do not edit.",
        "import ast", "import math", "", "import torch", "",
        "TOLERANCE = %r" % spec.get("tolerance", {}), "",
        "",
        "def _cell(param, column):",
        "    v = param.get(column)",
        "    if isinstance(v, str):",
        "        try:",
        "            return ast.literal_eval(v)",
        "        except (ValueError, SyntaxError):",
        "            return v",
        "    return v",
        "",
        "",
        "def _ints(v):",
        "    return [int(x) for x in v]",
        "",
        "",
        "def _floats(v):",
        "    return [float(x) for x in v]",
        "",
        "",
        "def _dtype(param, spec, made):",
        "    if spec.startswith('like:'):",
        "        return made[spec[5:]].dtype",
        "    if spec.startswith('col:'):",
        "        return getattr(torch, _cell(param, spec[4:]))",
        "    return getattr(torch, spec)",
        "",
        "",
        "def _make(gen, shape, dtype, made, param):",
        "    kind, _, rest = gen.partition(':')",
        "    if kind == 'randn':",
        "        return torch.randn(shape).to(dtype)",
        "    if kind == 'rand':",
        "        return torch.rand(shape).to(dtype)",
        "    if kind == 'uniform':",
        "        lo, hi = (float(v) for v in rest.split(':'))",
        "        return (torch.rand(shape) * (hi - lo) + lo).to(dtype)",
        "    if kind == 'randint':",
        "        lo, hi = (int(v) for v in rest.split(':'))",
        "        return torch.randint(lo, hi, shape).to(dtype)",
        "    if kind == 'expr':",
        "        env = dict(made, torch=torch, math=math, shape=shape, dtype=dtype, param=param, cell=lambda c: _cell(param, c))",
        "        return eval(rest, env).to(dtype)",
        "    raise ValueError('unknown generator ' + gen)",
        "",
        "",
        "def get_inputs(param, device=None):",
        "    made = {}",
    ]
    for i in ins:
        shape = i["shape"]
        shape_code = "_cell(param, %r)" % shape[4:] if isinstance(shape, str) and shape.startswith("col:") else repr(shape)
        lines.append("    made[%r] = _make(%r, %s, _dtype(param, %r, made), made, param)" % (
            i["name"], i.get("gen", "randn"), shape_code, i["dtype"]))
    lines += ["    return [made[n].to(device) if device else made[n] for n in %r]" % [i["name"] for i in ins], "", "",
              "def get_init_inputs(param, device=None):",
              "    return [%s]" % ", ".join(attr_value_code(a) for a in spec.get("attrs", []) + spec.get("params", [])),
              "", "",
              CHECK]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


CHECK = '''def custom_check_precision(param, outputs, outputs_new):
    """Integer and bool outputs must be equal (within TOLERANCE['int'] where the spec allows a
    rounding step); floating outputs fail where both the absolute and
    the relative error exceed the tolerance of the output's dtype (1e-3 unless the spec says)."""
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    outputs_new = outputs_new if isinstance(outputs_new, (list, tuple)) else [outputs_new]
    ok = len(outputs) == len(outputs_new)
    max_abs, max_rel = 0.0, 0.0
    for ref, out in zip(outputs, outputs_new):
        if ref.dtype != out.dtype or ref.shape != out.shape:
            ok = False
            continue
        if not ref.is_floating_point():
            diff = (ref.to(torch.int64) - out.to(torch.int64)).abs()
            if diff.numel() and int(diff.max()) > TOLERANCE.get('int', 0):
                ok = False
                max_abs = max(max_abs, float(diff.max()))
            continue
        abs_tol, rel_tol = TOLERANCE.get(str(ref.dtype).replace('torch.', ''), (1e-3, 1e-3))
        ref, out = ref.float().reshape(-1), out.float().reshape(-1)
        same = (torch.isnan(ref) & torch.isnan(out)) | (ref == out)
        abs_diff = torch.where(same, torch.zeros_like(ref), (ref - out).abs())
        abs_diff = torch.nan_to_num(abs_diff, nan=float('inf'))
        rel_diff = abs_diff / (ref.abs() + 1e-7)
        if bool(((abs_diff > abs_tol) & (rel_diff > rel_tol)).any()):
            ok = False
        if abs_diff.numel():
            max_abs = max(max_abs, float(abs_diff.max()))
            max_rel = max(max_rel, float(rel_diff.max()))
    return int(ok), torch.tensor([max_abs], dtype=torch.float64), torch.tensor([max_rel], dtype=torch.float64)
'''


def write_module(spec, path):
    ins = [i["name"] for i in present(spec)]
    attrs = [a["name"] for a in spec.get("attrs", [])]
    params = [a["name"] for a in spec.get("params", [])]
    outs = spec["outputs"]
    lines = [
        "# Generated by scripts/corpus/make_tasks.py from scripts/corpus/specs; do not edit.",
        "import math", "", "import torch", "import torch.nn as nn", "import torch.nn.functional as F",
        "import torch_npu  # noqa: F401  (NPU backend; a CPU stand-in when run under akgen)", "",
        "LOW = (torch.float16, torch.bfloat16)", "INPUTS = %r" % ins, "ATTRS = %r" % attrs, "PARAMS = %r" % params, "",
        "", spec["reference"].rstrip(), "", "",
        "def _output_dtypes(named):",
        "    return [%s]" % ", ".join(
            "named[%r].dtype" % o["dtype"][5:] if o["dtype"].startswith("like:") else "torch.%s" % o["dtype"]
            for o in outs),
        "",
        "",
        "def _output_shapes(named):",
        "    env = dict(named, math=math, torch=torch)",
        "    return [%s]" % ", ".join("[int(v) for v in eval(%r, env)]" % o["shape"] for o in outs),
        "",
        "",
        "class Model(nn.Module):",
        "    def __init__(self, *attrs):",
        "        super().__init__()",
        "        self.attrs = list(attrs)",
        "",
        "    def forward(self, *inputs):",
        "        named = dict(zip(INPUTS, inputs), **dict(zip(ATTRS + PARAMS, self.attrs)))",
        "        wide = [t.float() if t.dtype in LOW else t for t in inputs]",
        "        result = reference(*wide, *self.attrs)",
        "        result = list(result) if isinstance(result, (list, tuple)) else [result]",
        "        result = [r.to(d) for r, d in zip(result, _output_dtypes(named))]",
        "        return result[0] if len(result) == 1 else tuple(result)",
        "",
        "",
        "class ModelNew(nn.Module):",
        "    def __init__(self, *attrs):",
        "        super().__init__()",
        "        self.attrs = list(attrs)",
        "",
        "    def forward(self, *inputs):",
        "        import kernel_gen_ops",
        "        named = dict(zip(INPUTS, inputs), **dict(zip(ATTRS + PARAMS, self.attrs)))",
        "        attrs = self.attrs[:len(ATTRS)]",
        "        return kernel_gen_ops.%s(*inputs, *attrs, *_output_shapes(named))" % spec["function"],
    ]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


DTYPE_CODE = {"float32": "at::kFloat", "float16": "at::kHalf", "bfloat16": "at::kBFloat16", "int32": "at::kInt",
              "int64": "at::kLong", "int8": "at::kChar", "uint8": "at::kByte", "bool": "at::kBool",
              "int16": "at::kShort"}


def write_pybind(spec, path):
    ins = [i["name"] for i in present(spec)]
    attrs = spec.get("attrs", [])
    outs = spec["outputs"]
    params = ["const at::Tensor& %s" % n for n in ins]
    params += ["%s %s" % (CXX_TYPES[a["type"]], a["name"]) for a in attrs]
    params += ["std::vector<int64_t> %s_shape" % o["name"] for o in outs]
    body = []
    # An output the OpDef declares in place (an Output named like an Input) is that input's
    # buffer after the call: the glue passes a copy of the input there and returns it.
    inplace = {o["inplace"]: o["name"] for o in outs if o.get("inplace")}
    for o in outs:
        if o.get("inplace"):
            body.append("    at::Tensor %s = %s.clone();" % (o["name"], o["inplace"]))
            continue
        d = o["dtype"]
        opts = "%s.options()" % d[5:] if d.startswith("like:") else "%s.options().dtype(%s)" % (ins[0], DTYPE_CODE[d])
        body.append("    at::Tensor %s = at::empty(%s_shape, %s);" % (o["name"], o["name"], opts))
    args = ["at::Tensor()" if i.get("absent") else inplace.get(i["name"], i["name"]) for i in spec["inputs"]]
    for a in attrs:
        if a["type"] == "ints":
            args.append("at::IntArrayRef(%s)" % a["name"])
        elif a["type"] == "floats":
            args.append("at::ArrayRef<double>(%s)" % a["name"])
        elif a["type"] == "str":
            args.append("%s.c_str()" % a["name"])
        else:
            args.append(a["name"])
    args += [o["name"] for o in outs if not o.get("inplace")]
    body.append("    EXEC_NPU_CMD(aclnn%s, %s);" % (spec["op_type"], ", ".join(args)))
    if len(outs) == 1:
        ret, value = "at::Tensor", outs[0]["name"]
    else:
        ret = "std::tuple<%s>" % ", ".join(["at::Tensor"] * len(outs))
        value = "std::make_tuple(%s)" % ", ".join(o["name"] for o in outs)
    body.append("    return %s;" % value)
    text = ["// Generated by scripts/corpus/make_tasks.py from scripts/corpus/specs; do not edit.",
            "#include <torch/extension.h>", "#include \"pytorch_npu_helper.hpp\"", "",
            "%s %s(%s)" % (ret, spec["function"], ", ".join(params)), "{"] + body + ["}", "",
            "PYBIND11_MODULE(kernel_gen_ops, m)", "{",
            "    m.def(\"%s\", &%s, \"%s\");" % (spec["function"], spec["function"], spec["op_type"]), "}"]
    with open(path, "w") as f:
        f.write("\n".join(text) + "\n")


def write_cases(spec, path):
    with open(path, "w") as f:
        f.write(";".join(["case_id"] + spec["columns"]) + "\n")
        for k, row in enumerate(spec["cases"]):
            if len(row) != len(spec["columns"]):
                raise SystemExit("%s: case %d has %d cells for %d columns" % (spec["name"], k, len(row), len(spec["columns"])))
            cells = [v if isinstance(v, str) else json.dumps(v) for v in row]
            f.write(";".join([str(k)] + cells) + "\n")


def write_desc(spec, repo, path):
    rows = ["| `%s` | input | %s | %s |" % (i["name"], i["dtype"], i["shape"]) for i in present(spec)]
    rows += ["| `%s` | optional input | | absent |" % i["name"] for i in spec["inputs"] if i.get("absent")]
    rows += ["| `%s` | attribute (%s) | | %s |" % (a["name"], a["type"], a["value"]) for a in spec.get("attrs", [])]
    rows += ["| `%s` | output | %s | `%s` |" % (o["name"], o["dtype"], o["shape"]) for o in spec["outputs"]]
    text = ["# %s" % spec["name"], "", spec["summary"], "",
            "Answer: `hicann/%s` `%s` (op_host + op_kernel, copied from the fetched mirror by "
            "`scripts/corpus/make_tasks.py`).%s" % (repo.replace("_", "-"), spec["path"],
                                                    " Target: %s." % spec["soc"] if "soc" in spec else ""),
            "", "## Interface", "", "```python",
            "%s = kernel_gen_ops.%s(%s)" % (", ".join(o["name"] for o in spec["outputs"]), spec["function"],
                                            ", ".join([i["name"] for i in present(spec)] +
                                                      [a["name"] for a in spec.get("attrs", [])] +
                                                      ["%s_shape" % o["name"] for o in spec["outputs"]])),
            "```", "", "| name | kind | dtype | shape |", "| --- | --- | --- | --- |"] + rows
    with open(path, "w") as f:
        f.write("\n".join(text) + "\n")


def build_task(spec, repo, mirror, out):
    task = os.path.join(out, "level%d" % spec["level"], spec["category"], spec["name"])
    shutil.rmtree(task, ignore_errors=True)
    os.makedirs(os.path.join(task, "validation"))
    copy_answer(spec, repo, mirror, os.path.join(task, "answer", "0"))
    write_desc(spec, repo, os.path.join(task, "api_desc.md"))
    write_module(spec, os.path.join(task, "validation", "module.py"))
    write_prepare(spec, os.path.join(task, "validation", "prepare_inputs.py"))
    write_pybind(spec, os.path.join(task, "validation", "pybind.cpp"))
    write_cases(spec, os.path.join(task, "validation", "test_cases.csv"))
    if "platform" in spec:
        with open(os.path.join(task, "validation", "soc"), "w") as f:
            f.write(spec["platform"] + "\n")
    return task


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirror", action="append", default=[], metavar="REPO=DIR",
                    help="a fetched repository: ops_cv=DIR, ops_transformer=DIR")
    ap.add_argument("--out", required=True, help="task tree to write (levelN/Category/Op)")
    ap.add_argument("--specs", default=os.path.join(HERE, "specs"))
    ap.add_argument("ops", nargs="*", help="only these spec names (file stems); default all")
    args = ap.parse_args()
    mirrors = {repo: Mirror(root) for repo, root in (m.split("=", 1) for m in args.mirror)}
    made = 0
    for repo in sorted(os.listdir(args.specs)):
        if repo not in mirrors:
            print("skipped specs/%s: no --mirror %s=DIR" % (repo, repo), file=sys.stderr)
            continue
        for name in sorted(os.listdir(os.path.join(args.specs, repo))):
            stem = name.rsplit(".", 1)[0]
            if not name.endswith(".json") or (args.ops and stem not in args.ops):
                continue
            with open(os.path.join(args.specs, repo, name)) as f:
                spec = json.load(f)
            print(build_task(spec, repo, mirrors[repo], args.out))
            made += 1
    if made == 0:
        raise SystemExit("no task written")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generates tests/conformance/asc_api_manifest.json: the public API surface of the official Ascend C
headers (a checkout of hicann/asc-devkit), as facts only — every public type, constant, enum value,
struct field, method, free function (name and normalised signature) and macro.

The conformance test (scripts/asc_api_conformance.py, CTest conformance.asc_api) checks that our
include/ declares each entry; docs/api/conformance.md describes both and the exception policy.

Each header is preprocessed once per target architecture (ARCHS): an entry records the
architectures that declare it, so Ascend 950-only or 310P-only API is visible as such. The scan
reuses the small preprocessor of scripts/api_reference.py and adds a scanner for every kind of
declaration. No comment, default argument value or body is kept.

Usage: scripts/asc_api_manifest.py [--devkit DIR] [--out FILE]
  DIR is an asc-devkit source tree (or a bare git mirror of one, read with git archive).
"""
import argparse
import io
import json
import re
import subprocess
import sys
import tarfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import api_reference as ref  # noqa: E402  (the shared preprocessor)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DEVKIT = Path("/work/.mirror/mirror-cann+asc-devkit/repo")
DEFAULT_OUT = ROOT / "tests" / "conformance" / "asc_api_manifest.json"

# __NPU_ARCH__ and __CCE_AICORE__ of the targets the manifest distinguishes: Atlas A2/A3 (what our
# simulator compiles for), Atlas 300I/V Pro (310P) and Ascend 950.
ARCHS = {"2201": 220, "2002": 200, "3510": 310}
TARGET_ARCH = "2201"

# Which headers are the public interface: include/ minus the programming models of other
# architectures (SIMT, the C API and the tensor API are Ascend 950's; AI CPU is not an AI core) and
# CPU-debug stubs. The impl/ headers that include/ pulls in for its constants, modes and structs
# (TOTAL_VEC_LOCAL_SIZE, RoundMode, ...) are public too, but only their types and constants.
INCLUDE_SKIP = re.compile(r"^include/(simt_api|c_api|tensor_api|aicpu_api|utils/stub|utils/log)/")
IMPL_PUBLIC = re.compile(r"^impl/basic_api/(common_types\.h|utils/kernel_utils_(constants|mode|struct_\w+)\.h)$")

PUBLIC_TOP = {"AscendC", "matmul_tiling", "optiling", "platform_ascendc", "Conv3dApi", "Conv3dTilingApi",
              "ConvBackpropApi", "ConvBackpropTilingApi", "context_ascendc"}
INTERNAL_NS = re.compile(r"^(Internal|\w*Internal|detail|Detail|impl|Impl|_\w*)$")
# Attribute-like words of the vendor compiler; they say how a function is compiled, not what it is.
ATTR_WORDS = re.compile(r"\b(__aicore__|__inline__|inline|__forceinline__|__host_aicore__|__simd_callee__|"
                        r"__simt_callee__|__simd_vf__|__simt_vf__|__global__|__attribute__\s*\(\(.*?\)\))")
ATTR_MACRO = re.compile(r"\b__[A-Z][A-Z0-9_]*__\s*\(")
GUARD_NAME = re.compile(r"(_H|_H_|_H__|_HPP|_INTERFACE|_INTF)$|^_|^ASCENDC_MODULE_|^UNDEF_")


def read_tree(devkit):
    """{relative path: text} of the headers under include/ and impl/ of the devkit."""
    files = {}
    if (devkit / "include").is_dir():
        for p in list((devkit / "include").rglob("*.h")) + list((devkit / "impl").rglob("*.h")):
            files[str(p.relative_to(devkit))] = p.read_text(errors="replace")
        return files
    tar = subprocess.run(["git", "-C", str(devkit), "archive", "HEAD", "include", "impl"], check=True,
                         capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        for m in t.getmembers():
            if m.isfile() and m.name.endswith(".h"):
                files[m.name] = t.extractfile(m).read().decode("utf-8", "replace")
    return files


def documented_words(devkit):
    """Every identifier the API documentation (docs/zh) mentions."""
    if (devkit / "docs").is_dir():
        texts = [p.read_text(errors="replace") for p in (devkit / "docs" / "zh").rglob("*.md")]
    else:
        tar = subprocess.run(["git", "-C", str(devkit), "archive", "HEAD", "docs/zh"], check=True,
                             capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(tar)) as t:
            texts = [t.extractfile(m).read().decode("utf-8", "replace") for m in t.getmembers()
                     if m.isfile() and m.name.endswith(".md")]
    words = set()
    for text in texts:
        words.update(re.findall(r"[A-Za-z_]\w*", text))
    return words


def scanned_headers(files):
    """The public headers: include/ (minus INCLUDE_SKIP) and the impl/ headers matching IMPL_PUBLIC."""
    heads = [f for f in files if f.startswith("include/") and not INCLUDE_SKIP.match(f)]
    heads += [f for f in files if IMPL_PUBLIC.match(f)]
    return sorted(heads)


def tolerant_condition(expr, macros):
    """#if evaluation that treats what it cannot evaluate (__has_include, casts) as false."""
    try:
        return ORIGINAL_CONDITION(expr, macros)
    except SystemExit:
        return False


ORIGINAL_CONDITION = ref.eval_condition


def preprocess(text, arch, includes=None):
    macros = {"__NPU_ARCH__": ref.Macro("__NPU_ARCH__", None, arch),
              "__CCE_AICORE__": ref.Macro("__CCE_AICORE__", None, str(ARCHS[arch])),
              "__cplusplus": ref.Macro("__cplusplus", None, "201703")}
    ref.eval_condition = tolerant_condition
    try:
        code, defines = ref.preprocess(text, macros, includes)
    finally:
        ref.eval_condition = ORIGINAL_CONDITION
    return code, defines


def clean(decl):
    """One line without comments' leftovers, attributes or vendor attribute macros."""
    while True:
        m = ATTR_MACRO.search(decl)
        if not m:
            break
        end = ref.matching_paren(decl, m.end() - 1)
        decl = decl[:m.start()] + " " + decl[end + 1:]
    decl = re.sub(r"\[\[.*?\]\]", " ", decl)
    decl = ATTR_WORDS.sub(" ", decl)
    decl = re.sub(r"#pragma[^\n]*", " ", decl)
    decl = re.sub(r"\s+", " ", decl).strip()
    decl = re.sub(r"([(<\[]) ", r"\1", decl)
    decl = re.sub(r" ([)\],>])", r"\1", decl)
    return decl


def drop_defaults(params):
    """`(const T& a, int b = 1)` -> `(const T& a, int b)`: defaults are values, not the signature."""
    out, depth, cut = [], 0, False
    for c in params:
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        if depth == 1 and c == "=":
            cut = True
            continue
        if depth == 1 and c == ",":
            cut = False
        if depth == 0 and c == ")":
            cut = False
        if not cut:
            out.append(c)
    return re.sub(r"\s+([,)])", r"\1", "".join(out))


def strip_template_defaults(prefix):
    """`template <typename T, int n = 1>` -> `template <typename T, int n>` (each prefix in turn)."""
    out = []
    while prefix:
        m = re.match(r"\s*template\s*<", prefix)
        if not m:
            break
        depth, j = 1, m.end()
        while j < len(prefix) and depth:
            depth += {"<": 1, ">": -1}.get(prefix[j], 0)
            j += 1
        inner = drop_defaults("(" + prefix[m.end():j - 1] + ")")[1:-1].strip()
        out.append(f"template <{inner}>")
        prefix = prefix[j:]
    return " ".join(out)


Scope = ref.Scope


class Collector(ref.Scanner):
    """Walks one preprocessed header (the shared scanner's walk) and records every kind of public
    declaration as an entry."""

    def __init__(self, text, header):
        super().__init__(text)
        self.header, self.entries = header, []

    def add(self, kind, name, **fields):
        fields = {k: v for k, v in fields.items() if v not in ("", None, False)}
        self.entries.append(dict(kind=kind, name=name, header=self.header, **fields))

    def scope_name(self, scopes):
        """The qualified name of the innermost scope, or None when it is not public."""
        parts = []
        for i, s in enumerate(scopes):
            if s.kind == "linkage":
                continue
            if s.kind == "namespace":
                if not s.name or (i == 0 and s.name not in PUBLIC_TOP) or (i > 0 and INTERNAL_NS.match(s.name)):
                    return None
                if i == 0 or scopes[0].name in PUBLIC_TOP:
                    parts.append(s.name)
            else:
                if s.access != "public" or s.kind == "function":
                    return None
                parts.append(s.name)
        if not parts:
            return None
        return "::".join(parts)

    def block(self, raw, i, start, scopes):
        """Handles the head before a '{' at text[i]; returns (next index, next statement start)."""
        head = clean(raw)
        template, rest = ref.split_template_prefix(head)
        m = re.match(r"(?:inline\s+)?namespace\s*([\w:]*)$", head)
        if m:
            scopes.append(Scope("namespace", m.group(1)))
            return i + 1, i + 1
        if re.match(r'extern "C(\+\+)?"$', head):
            scopes.append(Scope("linkage", ""))
            return i + 1, i + 1
        m = re.match(r"(class|struct|union)\s+(?:alignas\(\w+\)\s+)?(\w+)(\s*<.*>)?(\s+final)?\s*(:.*)?$", rest)
        if m and "(" not in (m.group(5) or "").split("<")[0]:
            owner = self.scope_name(scopes)
            if owner is not None:
                kind = "specialization" if m.group(3) else "type"
                if kind == "type":
                    self.add("type", owner + "::" + m.group(2), template=strip_template_defaults(template),
                             **{"class": m.group(1)})
            scopes.append(Scope("class", m.group(2), "private" if m.group(1) == "class" else "public", template))
            if m.group(3) or owner is None:
                scopes[-1].access = "hidden"  # partial specialisations add no new public names
            return i + 1, i + 1
        m = re.match(r"enum\s*(class|struct)?\s*(\w+)?\s*(:\s*[\w:\s]+)?$", rest)
        if m:
            end = self.skip_block(i)
            owner = self.scope_name(scopes)
            if owner is not None:
                body = self.text[i + 1:end - 1]
                values = [v.split("=")[0].strip() for v in ref.strip_comments(body).split(",")]
                values = [v for v in values if re.fullmatch(r"[A-Za-z_]\w*", v)]
                scoped = m.group(1) is not None
                if m.group(2):
                    self.add("enum", owner + "::" + m.group(2), scoped=scoped)
                for v in values:
                    parent = owner + "::" + m.group(2) if scoped else owner
                    self.add("enumerator", parent + "::" + v)
            # `enum X {...} var;` declares nothing else public that we track.
            return end, end
        paren = ref.find_call_paren(rest)
        if paren >= 0 and not re.search(r"=\s*$", rest) and not re.match(r"[\w:<>,\s*&]+\s+\w+\s*=", rest[:paren]):
            close = ref.matching_paren(rest, paren)
            tail = rest[close + 1:]
            init = re.search(r"(^|[^:]):(?!:)", tail)
            if not (init and re.search(r"\w\s*$", tail) and not re.search(r"\b(const|noexcept|override)\s*$", tail)) \
                    or re.search(r"\)\s*:", rest):
                end = self.skip_block(i)
                self.function(head, scopes)
                return end, end
        # A braced initialiser: a variable or field `T x{...}` / `T x = {...}`.
        end = self.skip_block(i)
        j = end
        while j < len(self.text) and self.text[j] not in ";}":
            j += 1
        self.variable(head, scopes)
        return j + 1 if j < len(self.text) and self.text[j] == ";" else j, j + 1

    def statement(self, raw, scopes):
        decl = clean(raw)
        if not decl:
            return
        template, rest = ref.split_template_prefix(decl)
        owner = self.scope_name(scopes)
        if owner is None:
            m = re.match(r"BEGIN_TILING_DATA_DEF\((\w+)\)", rest)
            return
        m = re.match(r"using\s+(\w+)\s*=", rest)
        if m:
            self.add("type", owner + "::" + m.group(1), template=strip_template_defaults(template))
            return
        if re.match(r"typedef\b", rest) and "(" not in rest:
            self.add("type", owner + "::" + re.findall(r"\w+", rest)[-1])
            return
        if re.match(r"(using|friend|static_assert|typedef)\b", rest):
            return
        m = re.match(r"(class|struct|union)\s+(\w+)$", rest)
        if m:  # a forward declaration
            self.add("type", owner + "::" + m.group(2), template=strip_template_defaults(template),
                     **{"class": m.group(1)}, incomplete=True)
            return
        m = re.match(r"enum\s*(class|struct)?\s*(\w+)\s*(:.*)?$", rest)
        if m:
            self.add("enum", owner + "::" + m.group(2), scoped=m.group(1) is not None)
            return
        for tiling in re.finditer(r"(BEGIN_TILING_DATA_DEF|TILING_DATA_FIELD_DEF\w*)\s*\(([^)]*)\)", rest):
            self.tiling_macro(tiling.group(1), tiling.group(2), owner)
        if rest.startswith(("BEGIN_TILING_DATA_DEF", "TILING_DATA_FIELD_DEF", "END_TILING_DATA_DEF", "REGISTER_")):
            return
        paren = ref.find_call_paren(rest)
        is_var = paren < 0 or re.match(r"[^(]*?(?<![=!<>])=(?!=)", rest[:paren]) and "operator" not in rest[:paren]
        if is_var:
            self.variable(decl, scopes)
        else:
            self.function(decl, scopes)

    def tiling_macro(self, macro, args, owner):
        args = [a.strip() for a in args.split(",")]
        if macro == "BEGIN_TILING_DATA_DEF":
            self.tiling_class = owner + "::" + args[0]
            self.add("type", self.tiling_class, **{"class": "tiling"})
        elif getattr(self, "tiling_class", None) and len(args) >= 2:
            self.add("field", self.tiling_class + "::" + args[1])

    def variable(self, decl, scopes):
        owner = self.scope_name(scopes)
        if owner is None:
            return
        template, rest = ref.split_template_prefix(decl)
        lhs = re.split(r"=|\{", rest, maxsplit=1)[0].strip()
        lhs = re.sub(r"\[[^\]]*\]\s*$", "", lhs).strip()
        m = re.search(r"(\w+)\s*(:\s*\d+)?$", lhs)
        if not m or re.match(r"(return|goto|break|continue|case)\b", lhs):
            return
        words = lhs[:m.start()].split()
        if not words:
            return
        name = owner + "::" + m.group(1)
        in_class = scopes and scopes[-1].kind == "class"
        if in_class and m.group(1).endswith("_"):
            return  # the trailing underscore marks a data member as the class's own state
        if in_class and "static" not in words:
            self.add("field", name)
            return
        fields = {}
        value = re.search(r"=\s*(.+)$", rest)
        if value and re.fullmatch(r"[\d\s()+\-*/<>xXa-fA-FuUlL]+", value.group(1)) and not template:
            fields["value_expr"] = value.group(1).strip()
        self.add("field" if in_class else "constant", name, **fields)

    def function(self, decl, scopes):
        owner = self.scope_name(scopes)
        if owner is None:
            return
        template, rest = ref.split_template_prefix(decl)
        if re.match(r"(using|typedef|friend|static_assert|return)\b", rest):
            return
        paren = ref.find_call_paren(rest)
        if paren < 0:
            return
        m = re.search(r"(operator\s*\S+?|~?\w+)\s*$", rest[:paren].strip())
        if m is None or m.group(1).startswith("_") or "::" in rest[:m.start()].split("<")[-1][-2:]:
            return
        name = m.group(1)
        parts = ref.function_tail(rest, paren)
        if parts is None:
            return
        close, tail = parts
        in_class = scopes and scopes[-1].kind == "class"
        if in_class and name in (scopes[-1].name, "~" + scopes[-1].name, "deprecated"):
            return  # constructors and destructors are not named by user code
        if rest[:m.start()].strip().startswith("#") or not re.match(r"[\w~]", name):
            return
        signature = " ".join(p for p in (strip_template_defaults(template),
                                         rest[:m.start()].strip(),
                                         name + drop_defaults(rest[paren:close + 1]), tail) if p)
        self.add("method" if in_class else "function", owner + "::" + name, signature=re.sub(r"\s+", " ", signature))


def public_macros(defines):
    return [d for d in defines if not GUARD_NAME.search(d.name) and not d.name.startswith("_")]


def resolve(files, including, path):
    """The devkit file an #include "path" in `including` names, or None."""
    here = Path(including).parent
    for candidate in (here / path, Path(path), Path("include") / path, Path("include/basic_api") / path,
                      Path("include/adv_api") / path):
        parts = []
        for part in candidate.parts:
            if part == "..":
                parts = parts[:-1]
            elif part != ".":
                parts.append(part)
        rel = "/".join(parts)
        if rel in files:
            return rel
    return None


def collect(files, headers, arch):
    """Entries of the headers a kernel or tiling source reaches on `arch`: the entry headers
    (kernel_operator.h, every adv_api and utils header, which users include directly) and what they
    include under that architecture's conditionals."""
    scanned = set(headers)
    queue = [h for h in headers if h == "include/kernel_operator.h" or h.startswith(("include/adv_api/",
                                                                                        "include/utils/"))]
    seen, entries = set(), []
    while queue:
        rel = queue.pop(0)
        if rel in seen:
            continue
        seen.add(rel)
        includes = []
        code, defines = preprocess(files[rel], arch, includes)
        queue += [t for t in (resolve(files, rel, i) for i in includes) if t in scanned]
        c = Collector(code, rel)
        c.run()
        entries += c.entries
        if rel.startswith("include/"):
            for d in public_macros(defines):
                entries.append(dict(kind="macro", name=d.name, header=rel,
                                    **({"params": len(d.params)} if d.params is not None else {})))
    return entries


def evaluate_constants(entries):
    """Integer values of constants whose initialiser is arithmetic on literals."""
    for e in entries:
        expr = e.pop("value_expr", None)
        if expr is None:
            continue
        py = re.sub(r"(?<=[\dA-Fa-f])[uUlL]+\b", "", expr).replace("/", "//")
        try:
            value = eval(py, {"__builtins__": {}})
        except Exception:
            continue
        if isinstance(value, int):
            e["value"] = value


def merge(per_arch):
    """One entry per (kind, name, signature) with the architectures that declare it."""
    merged = {}
    for arch, entries in per_arch.items():
        for e in entries:
            key = (e["kind"], e["name"], e.get("signature", ""))
            m = merged.setdefault(key, dict(e, archs=[]))
            if arch not in m["archs"]:
                m["archs"].append(arch)
            if arch == TARGET_ARCH and "value" in e:
                m["value"] = e["value"]
            elif arch != TARGET_ARCH and "value" in m and arch not in (TARGET_ARCH,) and TARGET_ARCH not in m["archs"]:
                m.pop("value", None)
    out = []
    for e in merged.values():
        if TARGET_ARCH not in e["archs"]:
            e.pop("value", None)
        if sorted(e["archs"]) == sorted(ARCHS):
            del e["archs"]
        out.append(e)
    out.sort(key=lambda e: (e["name"], e["kind"], e.get("signature", "")))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devkit", type=Path, default=DEFAULT_DEVKIT)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    files = read_tree(args.devkit)
    headers = scanned_headers(files)
    per_arch = {}
    for arch in ARCHS:
        per_arch[arch] = collect(files, headers, arch)
        evaluate_constants(per_arch[arch])
    entries = merge(per_arch)
    words = documented_words(args.devkit)
    for e in entries:
        # `doc`: the API documentation names it (the leaf name appears in docs/zh).
        if e["name"].split("::")[-1] in words:
            e["doc"] = 1
    revision = subprocess.run(["git", "-C", str(args.devkit), "rev-parse", "HEAD"], capture_output=True,
                              text=True).stdout.strip()
    by_header = {}
    for e in entries:
        by_header.setdefault(e.pop("header"), []).append(e)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w") as f:
        f.write("{\n")
        for k, v in (("source", "hicann/asc-devkit"), ("revision", revision), ("target_arch", TARGET_ARCH),
                     ("archs", list(ARCHS))):
            f.write(f"  {json.dumps(k)}: {json.dumps(v)},\n")
        f.write('  "headers": {\n')
        f.write(",\n".join(f"    {json.dumps(h)}: [\n" + ",\n".join(
            "      " + json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in by_header[h]) + "\n    ]"
            for h in sorted(by_header)))
        f.write("\n  }\n}\n")
    kinds = {}
    for e in (e for es in by_header.values() for e in es):
        kinds[e["kind"]] = kinds.get(e["kind"], 0) + 1
    print(f"{len(entries)} entries from {len(headers)} headers: " +
          ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks that our include/ declares the public Ascend C API listed in the manifest
(tests/conformance/asc_api_manifest.json, made by scripts/asc_api_manifest.py).

It writes one C++ translation unit that names every manifest entry declared for the target
architecture — `using AscendC::X;` for namespace members, a derived class's `using Base::m;` for
members (class templates instantiated with placeholder arguments), `sizeof` for scoped
enumerators, `#ifndef` for macros, `static_assert` for the integral value of a constant — and
compiles it once with the flags kernels are built with (src/build/compile.cpp, CommonFlags). Each
probe sits on its own line, so every compiler error maps back to the entry it names.

An entry that fails is a gap unless a line of the exceptions file covers it; the test fails on any
undocumented gap and on any exception that no longer matches a gap (delete the line).
docs/api/conformance.md explains the policy.

Usage: scripts/asc_api_conformance.py --cxx g++ [--include DIR] [--manifest F] [--exceptions F] [--keep DIR]
"""
import argparse
import fnmatch
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFORMANCE = ROOT / "tests" / "conformance"
# What src/build/compile.cpp passes for an Atlas A2/A3 kernel, minus linking.
KERNEL_FLAGS = ["-std=c++17", "-w", "-D__CCE_AICORE__=220", "-DAKG_DEVICE_COMPILE=1", "-fsyntax-only"]
# Headers the probe includes: the kernel entry point, and every tree kernels and tiling code include.
INCLUDE_TREES = ("lib", "adv_api", "tiling", "kernel_tiling", "utils")
EXTRA_HEADERS = ("kernel_operator.h", "register/tilingdata_base.h")
CATEGORIES = {
    "arch": "declared for Atlas A2/A3 but usable only on another architecture",
    "internal": "an implementation detail the public headers expose (not documented API)",
    "not-simulated": "a feature the simulator deliberately does not model",
    "not-yet": "documented API not implemented yet (listed in docs/api/conformance.md)",
}


class Entry:
    def __init__(self, raw, header):
        self.kind, self.name, self.header = raw["kind"], raw["name"], header
        self.raw = raw

    def label(self):
        return f"{self.kind} {self.name}"


def load_manifest(path):
    m = json.loads(Path(path).read_text())
    target = m["target_arch"]
    entries = [Entry(e, h) for h, es in m["headers"].items() for e in es]
    declared = [e for e in entries if "archs" not in e.raw or target in e.raw["archs"]]
    return m, entries, declared


def load_exceptions(path):
    """[(kind-or-*, name glob or @header glob, category, reason, line number)] from the exceptions file."""
    rules = []
    for n, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 3)
        if len(parts) < 4 or parts[2] not in CATEGORIES:
            raise SystemExit(f"{path}:{n}: expected '<kind|*> <name glob> <category> <reason>', "
                             f"category one of {', '.join(CATEGORIES)}")
        rules.append((parts[0], parts[1], parts[2], parts[3], n))
    return rules


def matching_rule(entry, rules):
    for r in rules:
        if r[1] == "@undocumented":
            if r[0] in ("*", entry.kind) and not entry.raw.get("doc"):
                return r
            continue
        subject = entry.header if r[1].startswith("@") else entry.name
        if (r[0] == "*" or r[0] == entry.kind) and fnmatch.fnmatchcase(subject, r[1].lstrip("@")):
            return r
    return None


def placeholder_arguments(template):
    """Template arguments that instantiate a class template for probing its members, or None."""
    inner = template[template.index("<") + 1:template.rindex(">")] if template else ""
    params, depth, start = [], 0, 0
    for j, c in enumerate(inner + ","):
        depth += {"<": 1, ">": -1, "(": 1, ")": -1}.get(c, 0)
        if c == "," and depth == 0:
            if inner[start:j].strip():
                params.append(inner[start:j].strip())
            start = j + 1
    args = []
    for p in params:
        if "..." in p:
            continue
        if p.startswith("template"):
            return None
        m = re.match(r"(typename|class)\b", p)
        if m:
            args.append("float")
            continue
        ptype = re.sub(r"\s*\w+$", "", p).strip()
        if "&" in ptype or "*" in ptype or ptype in ("auto", "const auto"):
            return None
        args.append(f"static_cast<{ptype}>(0)")
    return "<" + ", ".join(args) + ">"


class Probe:
    """The translation unit: one line per probe, and which entries each line stands for."""

    def __init__(self):
        self.lines, self.owners = [], {}

    def add(self, text, entries, tag="name"):
        """tag: "name" (the line names the entries), "owner" (a probe class's base: the class
        itself) or "value" (the constant's value)."""
        self.lines.append(text)
        self.owners[len(self.lines)] = (tag, entries)

    def plain(self, text):
        self.lines.append(text)


def split_scope(name):
    return name.rsplit("::", 1)


def build_probe(declared, include_dir):
    types = {e.name: e for e in declared if e.kind in ("type", "enum")}
    namespaces = set()
    for e in declared:
        parts = e.name.split("::") if e.kind != "macro" else []
        for k in range(1, len(parts)):
            prefix = "::".join(parts[:k])
            if prefix not in types:
                namespaces.add(prefix)
    probe = Probe()
    headers = list(EXTRA_HEADERS) + sorted(str(p.relative_to(include_dir)) for tree in INCLUDE_TREES
                                           for p in (include_dir / tree).rglob("*.h"))
    for h in headers:
        probe.plain(f'#include "{h}"')
    by_probe, members, unprobed = {}, {}, []
    for e in declared:
        if e.kind == "macro":
            by_probe.setdefault(("macro", e.name), []).append(e)
            continue
        scope, leaf = split_scope(e.name)
        if e.kind == "enumerator" and types.get(scope) and types[scope].raw.get("scoped"):
            by_probe.setdefault(("scoped", e.name), []).append(e)
        elif e.kind == "enumerator" and scope in types:
            # An unscoped enumerator belongs to the scope enclosing its enum.
            outer = split_scope(scope)[0]
            if outer in namespaces:
                by_probe.setdefault(("using", outer + "::" + leaf), []).append(e)
            else:
                members.setdefault(outer, {}).setdefault(leaf, []).append(e)
        elif scope in namespaces:
            by_probe.setdefault(("using", e.name), []).append(e)
        else:
            members.setdefault(scope, {}).setdefault(leaf, []).append(e)
        if e.kind == "constant" and "value" in e.raw:
            by_probe.setdefault(("value", e.name, e.raw["value"]), []).append(e)
    n = 0
    for key, entries in by_probe.items():
        n += 1
        if key[0] == "macro":
            probe.plain(f"#ifndef {key[1]}")
            probe.add(f'#error "macro {key[1]}"', entries)
            probe.plain("#endif")
        elif key[0] == "scoped":
            probe.add(f"static_assert(sizeof({key[1]}) > 0, \"\");", entries)
        elif key[0] == "using":
            probe.add(f"namespace akg_probe_{n} {{ using {key[1]}; }}", entries)
        else:
            probe.add(f"static_assert(static_cast<unsigned long long>({key[1]}) == {key[2] % 2**64}ull, \"\");",
                      entries, "value")
    for owner, names in sorted(members.items()):
        n += 1
        entry = types.get(owner)
        template = entry.raw.get("template", "") if entry else ""
        args = placeholder_arguments(template) if template else ""
        flat = [e for es in names.values() for e in es]
        if args is None or owner not in types or (entry.raw.get("class") == "union"):
            unprobed += flat
            continue
        outer, leaf = split_scope(owner)
        ns = outer if outer in namespaces else None
        if ns is None:  # a class nested in a class: name it fully qualified from the global scope
            ns = ""
        opening = " ".join(f"namespace {p} {{" for p in ns.split("::")) if ns else ""
        closing = "}" * len(ns.split("::")) if ns else ""
        base = f"{leaf if ns else '::' + owner}{args}"
        probe.add(f"{opening} struct akg_probe_{n} : {base} {{ using akg_base = {base};", flat, "owner")
        for leaf_name, es in sorted(names.items()):
            probe.add(f"  using akg_base::{leaf_name};", es)
        probe.plain(f"}}; {closing}")
    return probe, unprobed


ERROR = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?:\d+:)? (?P<what>error|fatal error|note|warning|)"
                   r"(?::)?\s*(?P<msg>.*)$")


def failing_lines(output, probe_name):
    """{probe line: first error message} from the compiler's output; an error in a header during an
    instantiation the probe line required is charged to that line."""
    failures, context = {}, None
    for line in output.splitlines():
        m = re.match(rf"^(?:In file included from )?{re.escape(probe_name)}:(\d+):\d+:\s*(.*)$", line)
        if m:
            context = int(m.group(1))
            rest = m.group(2)
            if rest.startswith(("error:", "fatal error:")) and context not in failures:
                failures[context] = rest.split(":", 1)[1].strip()
            continue
        m = re.match(r"^\S+:\d+:\d+: (?:fatal )?error: (.*)$", line)
        if m and context is not None and context not in failures:
            failures[context] = m.group(1).strip()
        if re.match(r"^\S+: In (instantiation|substitution)", line) or re.match(r"^In file included", line):
            context = None
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cxx", default="g++")
    parser.add_argument("--include", type=Path, default=ROOT / "include")
    parser.add_argument("--manifest", type=Path, default=CONFORMANCE / "asc_api_manifest.json")
    parser.add_argument("--exceptions", type=Path, default=CONFORMANCE / "asc_api_exceptions.txt")
    parser.add_argument("--arch-flag", action="append", default=[], help="extra compiler flag (e.g. -mf16c)")
    parser.add_argument("--keep", type=Path, help="write the probe source here")
    parser.add_argument("--list", action="store_true", help="print every gap, covered or not")
    args = parser.parse_args()

    manifest, entries, declared = load_manifest(args.manifest)
    rules = load_exceptions(args.exceptions)
    probe, unprobed = build_probe(declared, args.include)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "asc_api_probe.cpp"
        src.write_text("\n".join(probe.lines) + "\n")
        if args.keep:
            args.keep.write_text(src.read_text())
        r = subprocess.run([args.cxx, *KERNEL_FLAGS, *[f for f in args.arch_flag if f], "-I", str(args.include), str(src)],
                           capture_output=True, text=True)
        failures = failing_lines(r.stdout + r.stderr, str(src))
    if r.returncode != 0 and not failures:
        print(r.stderr[-4000:])
        raise SystemExit("conformance: the probe failed to compile for a reason no probe line explains")

    gaps, wrong_values = {}, []
    for line, message in failures.items():
        owned = probe.owners.get(line)
        if owned is None:
            raise SystemExit(f"conformance: error on probe line {line} that names no entry: {message}\n"
                             + probe.lines[line - 1])
        tag, owned_entries = owned
        if tag == "value":  # declared, but not as CANN defines it: never an exception
            wrong_values += [(e, message) for e in owned_entries]
            continue
        for e in owned_entries:
            gaps.setdefault(e.label(), (e, f"its class: {message}" if tag == "owner" else message))

    # A constant that is missing altogether is a gap above, not also a wrong value.
    wrong_values = [(e, m) for e, m in wrong_values if e.label() not in gaps]
    covered, undocumented, by_category = [], [], {}
    used_rules = set()
    for label, (e, message) in sorted(gaps.items()):
        rule = matching_rule(e, rules)
        if rule:
            used_rules.add(rule[4])
            covered.append((e, rule))
            by_category[rule[2]] = by_category.get(rule[2], 0) + 1
        else:
            undocumented.append((e, message))
    stale = [r for r in rules if r[4] not in used_rules]
    other_arch = len(entries) - len(declared)
    probed = len(declared) - len(unprobed)
    print(f"manifest: {len(entries)} entries ({manifest['source']} {manifest['revision'][:12]}); "
          f"{other_arch} declared only for other architectures; {len(declared)} for {manifest['target_arch']}")
    print(f"probed: {probed} ({len(unprobed)} members of class templates that cannot be instantiated "
          f"with placeholder arguments are not probed)")
    print(f"declared by our headers: {probed - len(gaps)}; gaps: {len(gaps)} "
          f"(documented: {len(covered)} — " +
          ", ".join(f"{k} {v}" for k, v in sorted(by_category.items())) + f"; undocumented: {len(undocumented)})")
    if args.list:
        for e, rule in covered:
            print(f"  covered ({rule[2]}): {e.label()}  [{e.header}]")
    for e, message in undocumented:
        print(f"MISSING {e.label()}  [{e.header}]: {message}")
    for e, message in wrong_values:
        print(f"WRONG VALUE {e.label()} (CANN: {e.raw['value']})  [{e.header}]: {message}")
    for r in stale:
        print(f"STALE {args.exceptions.name}:{r[4]}: '{r[0]} {r[1]}' matches no gap any more; delete the line")
    return 1 if undocumented or stale or wrong_values else 0


if __name__ == "__main__":
    sys.exit(main())

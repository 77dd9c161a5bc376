#include "build/host_meta.h"

#include <dlfcn.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace akg::build {

using nlohmann::json;

const host::OpInfo* HostMeta::FindOp(const std::string& type) const {
    for (auto& o : ops)
        if (o.type == type) return &o;
    return nullptr;
}

const host::TilingStruct* HostMeta::FindStruct(const std::string& name) const {
    for (auto& s : tilingStructs)
        if (s.name == name) return &s;
    return nullptr;
}

const host::TilingStruct* HostMeta::TilingStructOf(const std::string& opType) const {
    for (auto& r : tilingRegistrations)
        if (r.opType == opType) return FindStruct(r.structName);
    return nullptr;
}

namespace {

json ParamJson(const host::ParamInfo& p) {
    json dt = json::array(), fm = json::array();
    for (auto d : p.dtypes) dt.push_back(int(d));
    for (auto f : p.formats) fm.push_back(int(f));
    return {{"name", p.name}, {"kind", int(p.kind)}, {"dtypes", dt}, {"formats", fm},
            {"valueDepend", p.valueDepend}, {"scalar", p.scalar}, {"shapeDependOnCompute", p.shapeDependOnCompute},
            {"initValues", p.initValues}};
}

host::ParamInfo ParamFrom(const json& j) {
    host::ParamInfo p;
    p.name = j.at("name");
    p.kind = host::ParamKind(j.at("kind").get<int>());
    for (auto& d : j.at("dtypes")) p.dtypes.push_back(ge::DataType(d.get<int>()));
    for (auto& f : j.at("formats")) p.formats.push_back(ge::Format(f.get<int>()));
    p.valueDepend = j.at("valueDepend");
    p.scalar = j.at("scalar");
    p.shapeDependOnCompute = j.at("shapeDependOnCompute");
    if (j.contains("initValues")) p.initValues = j.at("initValues").get<std::vector<double>>();
    return p;
}

json AttrValueJson(const host::AttrValue& v) {
    json lb = json::array();
    for (bool b : v.listBool) lb.push_back(b);
    return {{"kind", int(v.kind)}, {"b", v.b},         {"i", v.i},   {"f", v.f},
            {"s", v.s},            {"listBool", lb},   {"listInt", v.listInt},
            {"listFloat", v.listFloat}, {"listListInt", v.listListInt}};
}

host::AttrValue AttrValueFrom(const json& j) {
    host::AttrValue v;
    v.kind = host::AttrKind(j.at("kind").get<int>());
    v.b = j.at("b");
    v.i = j.at("i");
    v.f = j.at("f");
    v.s = j.at("s");
    for (auto& b : j.at("listBool")) v.listBool.push_back(b.get<bool>());
    v.listInt = j.at("listInt").get<std::vector<int64_t>>();
    v.listFloat = j.at("listFloat").get<std::vector<float>>();
    v.listListInt = j.at("listListInt").get<std::vector<std::vector<int64_t>>>();
    return v;
}

}  // namespace

std::string HostMetaToJson(const HostMeta& m) {
    json ops = json::array();
    for (auto& o : m.ops) {
        json in = json::array(), out = json::array(), attrs = json::array();
        for (auto& p : o.inputs) in.push_back(ParamJson(p));
        for (auto& p : o.outputs) out.push_back(ParamJson(p));
        for (auto& a : o.attrs)
            attrs.push_back({{"name", a.name}, {"kind", int(a.kind)}, {"required", a.required},
                             {"default", AttrValueJson(a.defaultValue)}});
        ops.push_back({{"type", o.type}, {"inputs", in}, {"outputs", out}, {"attrs", attrs},
                       {"hasTiling", o.hasTiling}, {"hasInferShape", o.hasInferShape},
                       {"hasInferDataType", o.hasInferDataType}, {"socs", o.socs}});
    }
    json regs = json::array();
    for (auto& r : m.tilingRegistrations) regs.push_back({{"opType", r.opType}, {"struct", r.structName}});
    json structs = json::array();
    for (auto& s : m.tilingStructs) {
        json fields = json::array();
        for (auto& f : s.fields)
            fields.push_back({{"name", f.name}, {"type", f.type}, {"isStruct", f.isStruct},
                              {"arrayLen", f.arrayLen}, {"offset", f.offset}, {"size", f.size}});
        structs.push_back({{"name", s.name}, {"size", s.size}, {"fields", fields}});
    }
    return json{{"ops", ops}, {"tilingRegistrations", regs}, {"tilingStructs", structs}}.dump(1);
}

bool HostMetaFromJson(const std::string& text, HostMeta* out, std::string* error) {
    try {
        json j = json::parse(text);
        HostMeta m;
        for (auto& o : j.at("ops")) {
            host::OpInfo op;
            op.type = o.at("type");
            for (auto& p : o.at("inputs")) op.inputs.push_back(ParamFrom(p));
            for (auto& p : o.at("outputs")) op.outputs.push_back(ParamFrom(p));
            for (auto& a : o.at("attrs")) {
                host::AttrInfo ai;
                ai.name = a.at("name");
                ai.kind = host::AttrKind(a.at("kind").get<int>());
                ai.required = a.at("required");
                ai.defaultValue = AttrValueFrom(a.at("default"));
                op.attrs.push_back(ai);
            }
            op.hasTiling = o.at("hasTiling");
            op.hasInferShape = o.at("hasInferShape");
            op.hasInferDataType = o.at("hasInferDataType");
            op.socs = o.at("socs").get<std::vector<std::string>>();
            m.ops.push_back(op);
        }
        for (auto& r : j.at("tilingRegistrations")) m.tilingRegistrations.push_back({r.at("opType"), r.at("struct")});
        for (auto& s : j.at("tilingStructs")) {
            host::TilingStruct ts;
            ts.name = s.at("name");
            ts.size = s.at("size");
            for (auto& f : s.at("fields"))
                ts.fields.push_back({f.at("name"), f.at("type"), f.at("isStruct"), f.at("arrayLen"), f.at("offset"),
                                     f.at("size")});
            m.tilingStructs.push_back(ts);
        }
        *out = std::move(m);
        return true;
    } catch (const std::exception& e) {
        *error = std::string("bad host metadata: ") + e.what();
        return false;
    }
}

bool IntrospectHostLibrary(const std::string& soPath, HostMeta* out, std::string* error) {
    int fds[2];
    if (pipe(fds) != 0) return *error = "pipe failed", false;
    pid_t pid = fork();
    if (pid < 0) return *error = "fork failed", false;
    if (pid == 0) {
        close(fds[0]);
        alarm(30);
        host::ClearRegistrations();
        std::string text;
        if (!dlopen(soPath.c_str(), RTLD_NOW | RTLD_LOCAL)) {
            text = std::string("E") + dlerror();
        } else {
            HostMeta m;
            m.ops = host::RegisteredOps();
            m.tilingRegistrations = host::TilingRegistrations();
            m.tilingStructs = host::TilingStructs();
            text = "J" + HostMetaToJson(m);
        }
        size_t off = 0;
        while (off < text.size()) {
            ssize_t n = write(fds[1], text.data() + off, text.size() - off);
            if (n <= 0) break;
            off += size_t(n);
        }
        _exit(0);
    }
    close(fds[1]);
    std::string text;
    char buf[65536];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0) text.append(buf, size_t(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status))
        return *error = "loading the host library crashed (signal " + std::to_string(WTERMSIG(status)) +
                        ") while its static initialisers ran",
               false;
    if (text.empty()) return *error = "loading the host library produced no registrations", false;
    if (text[0] == 'E') return *error = "cannot load the host library: " + text.substr(1), false;
    return HostMetaFromJson(text.substr(1), out, error);
}

}  // namespace akg::build

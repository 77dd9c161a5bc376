// OP_ADD(OpClass): registers an OpDef subclass under its class name. The class is constructed
// (with its own name) when the registry is first read, after every static initialiser of the
// loaded host library has run. Including this header gives operator code everything its
// op_host sources use: OpDef, IMPL_OP_*, the gert contexts and the ge types.
#pragma once

#include "register/op_def.h"
#include "register/op_impl_registry.h"

namespace ops {

using OpDefCreator = OpDef (*)(const char*);

class OpDefFactory {
public:
    // Returns 0; the int lets OP_ADD register from a namespace-scope initialiser.
    static int OpDefRegister(const char* name, OpDefCreator creator);

private:
    OpDefFactory() = default;
};

}  // namespace ops

#define OP_ADD(opType, ...)                                                                   \
    static int g_##opType##_added __attribute__((unused)) = ::ops::OpDefFactory::OpDefRegister( \
        #opType, [](const char* name) -> ::ops::OpDef { return opType(name); })

// gert::KernelContext: base of every context the host framework hands to operator code. A
// context is a view of one node invocation (NodeFrame) that libakg_host owns; operator code
// never creates one.
#pragma once

namespace gert {

struct NodeFrame;  // defined by libakg_host

class KernelContext {
public:
    explicit KernelContext(NodeFrame* frame) : frame_(frame) {}

protected:
    NodeFrame* frame_;
};

}  // namespace gert

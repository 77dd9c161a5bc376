// The diagnostic catalog and how diagnostics are raised. Codes are stable: tools and training
// data key on them. docs/diagnostics.md documents each one; a test keeps the two in step.
#include <cstdarg>
#include <cstdio>

#include "sim/runtime.h"

namespace akg::sim {

const std::vector<DiagnosticInfo>& DiagnosticCatalog() {
    static const std::vector<DiagnosticInfo> catalog = {
        // memory
        {"LOCAL_CAPACITY", "memory", true, "an access touches a buffer that InitBuffer placed past the end of the core's local memory (UB/L1/L0)"},
        {"LOCAL_OOB", "memory", true, "an access falls outside the core's local memory"},
        {"LOCAL_BUFFER_OVERRUN", "memory", false, "a write runs past the end of its TQue/TBuf buffer into another buffer"},
        {"GM_READ_OOB", "memory", true, "a read of GM falls outside every tensor of the launch"},
        {"GM_WRITE_OOB", "memory", true, "a write to GM falls outside every tensor of the launch"},
        {"INPUT_MODIFIED", "memory", false, "the kernel changed an input tensor that the operator does not update in place"},
        {"TBUF_GET_OVERSIZE", "memory", false, "TBuf::Get/GetWithOffset asks for more bytes than the TBuf holds"},
        {"TPIPE_NOT_DESTROYED", "memory", false,
         "InitBuffer through a TPipe while another TPipe of the core still holds buffers (neither Destroy nor Reset): "
         "each TPipe allocates from the start of UB, so their buffers share bytes"},
        {"POP_STACK_CONFLICT", "memory", false,
         "PopStackBuffer in a kernel that also calls a high-level API without a sharedTmpBuffer: both take the "
         "unallocated end of UB"},
        // alignment
        {"LOCAL_ADDR_MISALIGNED", "alignment", false, "a local-memory operand is not aligned as the API requires"},
        {"GM_ADDR_MISALIGNED", "alignment", false, "a GM operand is not aligned to its element size"},
        {"DMA_LEN_MISALIGNED", "alignment", false,
         "DataCopy moves whole 32-byte blocks; the requested length is not a multiple of 32 bytes"},
        // queue protocol
        {"QUE_NOT_INITIALIZED", "queue", true, "a queue is used before TPipe::InitBuffer gave it buffers"},
        {"QUE_TOO_MANY_BUFFERS", "queue", true, "a queue or position holds more buffers than there are hardware events"},
        {"QUE_ALLOC_EXHAUSTED", "queue", true, "AllocTensor while every buffer of the queue is in use (the device waits forever)"},
        {"QUE_ENQUE_FOREIGN", "queue", true, "EnQue of a tensor that is not this queue's, or is free or already queued"},
        {"QUE_ENQUE_OVERFLOW", "queue", false, "EnQue beyond the queue depth without a DeQue in between"},
        {"QUE_DEQUE_EMPTY", "queue", true, "DeQue with nothing queued (the device waits forever)"},
        {"QUE_FREE_FOREIGN", "queue", true, "FreeTensor of a tensor this queue did not hand out by DeQue"},
        {"QUE_FREE_WRONG_QUEUE", "queue", false, "FreeTensor through another queue than the one that handed the tensor out"},
        {"QUE_HELD_AT_END", "queue", false, "tensors are still allocated or queued when the kernel ends"},
        // synchronisation
        {"FLAG_WAIT_UNSET", "sync", true, "WaitFlag with no matching SetFlag before it (the device waits forever)"},
        {"KERNEL_ASSERT", "api", true, "an assert / ascendc_assert in the kernel failed (the device stops the kernel)"},
        {"FLAG_SET_TWICE", "sync", false, "SetFlag twice on the same event and id without a WaitFlag in between"},
        {"FLAG_LEFT_SET", "sync", false, "a SetFlag is never waited for before the kernel ends"},
        {"EVENT_ID_RANGE", "sync", true,
         "an event id outside 0..7, no free id for AllocEventID, or a raw flag between two pipes that share no "
         "hardware event"},
        {"DEADLOCK", "multicore", true, "every remaining core waits for another and none can proceed"},
        {"CROSS_FLAG_ID", "multicore", false,
         "a cross-core flag id outside 0..15 (the hardware keeps its low 4 bits, usually another flag)"},
        {"CROSS_FLAG_MODE", "multicore", true,
         "a cross-core flag the kernel type or core cannot use: any flag in an AIV_ONLY or AIC_ONLY kernel, modes 1 "
         "and 2 outside MIX_AIC_1_1 / MIX_AIC_1_2, mode 1 on an AIC, a mode other than 0, 1, 2, or a set on PIPE_S "
         "or PIPE_ALL"},
        {"CROSS_FLAG_OVERFLOW", "multicore", true,
         "a CrossCoreSetFlag raises a core's flag counter beyond 15 (more sets than that core waits for)"},
        {"IB_SYNC_RANGE", "multicore", true,
         "IBSet / IBWait with a blockIdx outside the launch's cores or a negative eventID (the flag would lie "
         "outside the workspace's layout)"},
        {"GROUP_BARRIER_SIZE", "multicore", true,
         "a GroupBarrier whose Arrive or Wait group is empty or larger than GetBlockNum(), an Arrive / Wait index "
         "outside its group, or a GM workspace that is not 512-byte aligned"},
        {"DETERMINE_UNINITIALIZED", "multicore", true,
         "WaitPreBlock or NotifyNextBlock on a core that has not called InitDetermineComputeWorkspace"},
        {"GM_RACE", "multicore", false,
         "a GM byte written by one core is read or written by another with nothing ordering the two (SyncAll, a "
         "cross-core flag, IBSet/IBWait, GroupBarrier, NotifyNextBlock/WaitPreBlock, a GM flag word written and read with "
         "Write/ReadGmByPassDCache), other than atomic "
         "accumulations of one kind",
         true},
        // API usage
        {"CAST_ROUNDMODE_UNSUPPORTED", "api", false, "Cast with a rounding mode the hardware does not offer for this type pair"},
        {"VEC_MASK_MODE", "api", false,
         "an API takes its mask from the mask register (isSetMask = false) in a mask mode the register was not set "
         "for: a Counter-mode count read in Normal mode, a Normal-mode lane mask read as a count, or a count-form "
         "call outside Counter mode"},
        {"VEC_COUNT_RANGE", "api", false, "an element count or repeat parameter outside the range the API accepts"},
        {"DMA_PARAM_RANGE", "api", false, "a DataCopy parameter outside the range the API accepts, or an Ascend 950 loop-mode register "
         "(SetLoopModePara) outside its range"},
        {"SHAPE_OUT_INVALID", "api", false,
         "an OutputShapeDependOnCompute output's shape in the shape-out argument is unwritten or invalid (more than 8 "
         "dimensions, more elements than the output's memory holds)"},
        {"TILING_KEY_UNSELECTED", "api", true,
         "a kernel template's launch with a tiling key that none of the combinations its ASCENDC_TPL_SEL selects "
         "encodes (no kernel instance exists for it)"},
        {"VEC_UNSUPPORTED", "api", false,
         "a vector API is called with a mode its data type or form does not support on this SoC (CMPMODE other "
         "than EQ for int32_t, SELMODE, ReduceOrder, GatherMask pattern, TransposeType, an A2/A3-unsupported form, a sort "
         "instruction of the other SoC generation, MrgSort validBit / repeat conditions / overlap)"},
        {"VEC_COUNT_UNALIGNED", "api", false,
         "a count-form Compare/Compares count is not a multiple of 256 bytes; the partial last repeat is not computed"},
        {"VEC_TMP_BUFFER_SMALL", "api", false,
         "a sharedTmpBuffer / work tensor is smaller than the size the API documents for these arguments"},
        {"VEC_GATHER_OFFSET_MISALIGNED", "api", false,
         "a Gather byte offset (srcBaseAddr + srcOffset) is not a multiple of the element size"},
        {"ADV_TMP_BUFFER_SMALL", "api", false,
         "a high-level API (math, activation, Broadcast, Mean, Sum, SoftMax family, Select with a byte mask, CumSum, "
         "RmsNorm, TopK) gets less "
         "temporary space (sharedTmpBuffer, or the unallocated end of "
         "UB for the forms without one) than its documented minimum"},
        {"ADV_SHAPE_UNSUPPORTED", "api", false,
         "a high-level API gets shapes it does not support (Broadcast: a dimension other than the template axis "
         "differs, or dim 2 / axis 0 with rows that are not whole 32-byte blocks; Mean: inner not whole 32-byte "
         "blocks, or n outside 1..inner; Sum: the same; SoftMax family: srcK not whole 32-byte blocks, or oriSrcM/oriSrcK "
         "beyond srcM/srcK; Select with a byte mask: a last axis not whole 32-byte blocks, or a mask row not a multiple of "
         "16 or shorter than the data row; CumSum: an axis of 0, or inner not whole 32-byte blocks; RmsNorm: a tiling whose "
         "[B, S, H] does not fit the tensors, H not whole 32-byte blocks or originalHLength outside 1..H; TopK: inner not a "
         "multiple of 32 (32 in Small mode, at most 4096 in Normal mode), n outside 1..inner, k outside 1..n, "
         "isHasfinish in Small mode, tensors smaller than the call, or a tiling TopKTilingFunc did not make for this "
         "inner); the call is not computed"},
        {"MATMUL_NOT_INITIALIZED", "api", true,
         "a Matmul object computes before Init / REGIST_MATMUL_OBJ gave it a tiling (or Init got a null tiling or no TPipe)"},
        {"MATMUL_TENSOR_UNSET", "api", true,
         "Matmul Iterate / IterateAll before SetTensorA and SetTensorB, GetTensorC with no block computed by Iterate, or "
         "GetBatchTensorC with no IterateNBatch result"},
        {"MATMUL_TILING_INVALID", "api", true,
         "the TCubeTiling given to a Matmul object has a base block, single-core shape or L1 depth that is not positive"},
        {"MATMUL_UNSUPPORTED", "api", true,
         "a Matmul configuration the simulator does not compute (a C format other than ND / ND_ALIGN, or NZ in CO1; a B "
         "format other than ND / NZ; a VECTOR A with more than one row; copy callbacks; `Iterate(enPartialSum, "
         "LocalTensor)` without C in CO1)"},
        {"MATMUL_QUANT_MISMATCH", "api", true,
         "a Matmul whose types quantise its output (int8_t -> half / int8_t, half / bfloat16_t -> int8_t) computes "
         "without SetQuantScalar / SetQuantVector, or those are called on one whose types do not quantise"},
        {"MATMUL_BATCH_INVALID", "api", true,
         "IterateBatch with batch counts that are not positive multiples of one another, A and B in different "
         "layouts, or a BSNGD / SBNGD / BNGS1S2 layout whose layout info the tiling lacks; IterateNBatch without "
         "MatmulConfig isNBatch or a SetWorkspace for its results"},
        // the cube path
        {"CUBE_BAD_POSITION", "api", false,
         "a cube API gets an operand in a position its data path does not have (LoadData into L0A/L0B from L1/GM, "
         "Mmad from L0A x L0B into L0C with the bias in C2, Fixpipe from L0C to GM/L1, ND2NZ from GM to L1); the "
         "call is not executed"},
        {"CUBE_PARAM_RANGE", "api", false,
         "a cube API parameter outside the range or combination the API accepts (m/n/k above 4095, a transposing "
         "LoadData of non-16-bit data, a Fixpipe srcStride below mSize, overlapping destination rows, ...)"},
        {"CUBE_UNSUPPORTED", "api", false, "a cube API feature the simulator does not model (the call runs without it)"},
        {"FIXPIPE_QUANT_MODE", "api", false,
         "Fixpipe's quantPre does not produce the destination type from the L0C type (e.g. float to half without "
         "F322F16), or a per-column mode without its scale tensor; the call is not executed"},
        {"L0C_READ_UNWRITTEN", "memory", false,
         "Fixpipe or an accumulating Mmad reads a part of L0C that no instruction of this core wrote"},
        {"CORE_TYPE_MISMATCH", "api", false,
         "an instruction touches memory the core it runs on does not have: UB on a cube core (AIC), or L1/L0/BT on a "
         "vector core (AIV) of a kernel declared with vector cores"},
        {"SOC_UNSUPPORTED", "api", true,
         "the kernel uses an API or a unit the simulated SoC does not have: an API its platform file lists as "
         "unsupported (310P: DataCopyPad, LoadDataWithTranspose, cross-core flags, the hardware SyncAll, "
         "SetAtomicMax/Min), an Ascend 950-only data-copy feature elsewhere (SetLoopModePara / "
         "ResetLoopModePara, DataCopyPad with `PaddingMode::Compact`), the FIX pipe "
         "(Fixpipe) or the bias table on 310P, or SyncAll in a KERNEL_TYPE_MIX_VECTOR_CORE kernel"},
        {"SIMT_THREADS_RANGE", "api", true,
         "asc_vf_call starts a thread block of 0 or more than 2048 threads (blockDim.x * y * z)"},
        {"REG_OUTSIDE_VF", "api", true,
         "a register instruction (AscendC::Reg / MicroAPI) runs outside a __simd_vf__ function that asc_vf_call "
         "started, or asc_vf_call is called inside a running VF (VFs do not nest)"},
        {"REG_MODE_UNSUPPORTED", "api", true,
         "a register instruction with a mode the instruction does not allow or the simulator does not model: a "
         "LoadDist other than DIST_NORM / DIST_UNPACK_B16, a StoreDist other than DIST_NORM* / DIST_PACK_B32, an "
         "unpacking or packing mode on elements of the wrong width, a Cast between element sizes with "
         "RegLayout::UNKNOWN, or a StoreUnAlign of more elements than a register holds"},
    };
    return catalog;
}

const DiagnosticInfo* FindDiagnostic(const std::string& code) {
    for (auto& d : DiagnosticCatalog())
        if (code == d.code) return &d;
    return nullptr;
}

std::string Format(const char* fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

void Diag(const char* code, const void* caller, const std::string& message, const void* related) {
    DiagOnCore(Rt().cur ? Rt().cur->idx : -1, code, caller, message, related);
}

void DiagOnCore(int core, const char* code, const void* caller, const std::string& message, const void* related) {
    Runtime& rt = Rt();
    // Repeats of one rule at one call site collapse into a count; the first message is kept.
    for (auto& d : rt.diags) {
        if (d.caller == caller && d.code == code) {
            ++d.count;
            return;
        }
    }
    rt.diags.push_back({code, message, caller, core, 1, related});
}

void Fatal(const char* code, const void* caller, const std::string& message, const void* related) {
    Diag(code, caller, message, related);
    Rt().aborting = true;
    if (Rt().cur) AbortCurrentCore();
    throw KernelAbort{};
}

void Report(const char* code, const void* caller, bool fatal, const char* fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (fatal) Fatal(code, caller, buf);
    Diag(code, caller, buf);
}

}  // namespace akg::sim

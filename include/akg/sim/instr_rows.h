// The instruction rows of every family but the vector tables (include/akg/sim/instr_table.h):
// data movement, cube, sync, scalar/system, SIMT and the advanced APIs. One row per instruction;
// `Instr` is built from a row (sim.h), so a call site never spells an API name or a pipe, and the
// cost model reads how to time an instruction from its row (docs/architecture.md, "The
// instruction table"). An id without a row does not compile.
//
//   API    the name the Instr carries (diagnostics and the cost report print it)
//   PIPE   the pipe that executes it
//   TIMING how the cost model times it (Timing below)
//   COST   the cost class of a Vector-timed row
//   SYNC   the ordering it expresses (SyncKind), None for work
//   TYPES  its element types: Bytes (moves bytes of any element type), NoData (orders or reads
//          state, no element data), Checked (computes on element types its family checks itself:
//          Mmad's and Fixpipe's pairs, the advanced APIs' overload sets), PerSoc (the lists per SoC
//          in AKG_INSTR_SOC_TYPES_TABLE, instr_table.h, which the public API's static_assert reads)
#pragma once

#include <cstddef>
#include <cstdint>

#include "akg/sim/cost_class.h"

namespace akg::sim {

enum class Pipe : uint8_t { S, V, M, MTE1, MTE2, MTE3, FIX, ALL, COUNT };
enum class Mem : uint8_t { GM, UB, L1, L0A, L0B, L0C, BT, FB, COUNT };

enum class SyncKind : uint8_t { None, SetFlag, WaitFlag, Barrier, QueueEnque, QueueDeque, QueueAlloc, QueueFree };

// How the cost model times an instruction (src/sim/cost/cost_model.cpp, docs/cost-model.md).
enum class Timing : uint8_t {
    Scalar,   // the scalar unit: per 8 bytes accessed, back-to-back runs merged
    Vector,   // vector start + repeats x the cost class's per-repeat cycles (bank conflicts)
    UbCopy,   // vector start + bytes at the UB -> UB copy rate
    SimtVf,   // a SIMT VF: vector start + thread accesses at the warps' rate, GM bytes shared
    VfStep,   // a register instruction inside a SIMD VF: its steps only
    Dma,      // MTE2/MTE3: instruction + bursts, GM bytes on the shared GM path
    Mte1,     // L1 -> L0A/L0B/BT at the load rates
    Fixpipe,  // L0C/L1 -> out at the fixpipe rate, GM bytes shared
    Cube,     // Mmad: repeats x the cube's cycles per fractal step
    Sync,     // ordering only: the cost model turns it into dependencies
    SyncAll,  // a barrier across cores: released when the last core arrives
};

enum class TypeSet : uint8_t { Bytes, NoData, Checked, PerSoc };

// X(ID, API, PIPE, TIMING, COST, SYNC, TYPES): instructions with one name and one pipe. COST: the
// cost class of a Vector-timed row (Folded: the advanced API counted its steps as repeats).
#define AKG_INSTR_TABLE(X)                                                                              \
    /* data movement: DataCopy per path (the pipe its direction takes, DataCopyRow) */                 \
    X(DataCopyGmIn, "DataCopy", MTE2, Dma, Simple, None, Bytes)          /* GM -> UB / L1 */                  \
    X(DataCopyGmOut, "DataCopy", MTE3, Dma, Simple, None, Bytes)         /* UB / L1 -> GM */                  \
    X(DataCopyUbToUb, "DataCopy", V, UbCopy, Simple, None, Bytes)        /* UB -> UB on the vector unit */    \
    X(DataCopyL1ToFb, "DataCopy", FIX, Fixpipe, Simple, None, Bytes)     /* L1 -> fixpipe buffer */           \
    X(DataCopyL1ToLocal, "DataCopy", MTE1, Mte1, Simple, None, Bytes)    /* L1 -> UB / BT / L0A / L0B */      \
    X(DataCopyFromL0c, "DataCopy", FIX, Fixpipe, Simple, None, Bytes)    /* L0C -> UB / L1 on the FIX pipe */ \
    X(DataCopyLocal, "DataCopy", MTE3, Dma, Simple, None, Bytes)         /* UB -> L1 and the other local */   \
    X(DataCopyL0cToUbOnVector, "DataCopy", V, UbCopy, Simple, None, Bytes) /* L0C -> UB without a FIX pipe */ \
    X(DataCopyNd2Nz, "DataCopy", MTE2, Dma, Simple, None, Bytes)         /* GM ND -> L1 NZ */                 \
    X(DataCopyL1ToBt, "DataCopy", MTE1, Mte1, Simple, None, Bytes)       /* L1 -> bias table */               \
    X(DataCopyPadIn, "DataCopyPad", MTE2, Dma, Simple, None, Bytes)                                            \
    X(DataCopyPadOut, "DataCopyPad", MTE3, Dma, Simple, None, Bytes)                                           \
    X(CopyUbufToUbuf, "copy_ubuf_to_ubuf", V, Vector, Simple, None, Bytes) /* timed per burst as a repeat */  \
    X(InitGlobalMemory, "InitGlobalMemory", MTE3, Dma, Simple, None, PerSoc)                                    \
    X(InitOutput, "InitOutput", MTE3, Dma, Simple, None, PerSoc)                                                \
    X(Fill, "Fill", MTE3, Dma, Simple, None, PerSoc)                                                            \
    /* cube */                                                                                         \
    X(LoadData2DFromGm, "LoadData", MTE2, Dma, Simple, None, Bytes)                                            \
    X(LoadData2D, "LoadData", MTE1, Mte1, Simple, None, Bytes)                                                 \
    X(LoadDataWithTranspose, "LoadDataWithTranspose", MTE1, Mte1, Simple, None, Bytes)                         \
    X(LoadData3D, "LoadData", MTE1, Mte1, Simple, None, Bytes)                                                 \
    X(InitConstValueL1, "InitConstValue", MTE2, Dma, Simple, None, Bytes)     /* a constant into L1 */        \
    X(InitConstValueL0, "InitConstValue", MTE1, Mte1, Simple, None, Bytes)    /* ... into L0A / L0B */        \
    X(Mmad, "Mmad", M, Cube, Simple, None, Checked)                                                            \
    X(Fixpipe, "Fixpipe", FIX, Fixpipe, Simple, None, Checked)                                                 \
    /* the Matmul library: the loads, moves and result copies it issues */                            \
    X(MatmulCopyAFromGm, "Matmul.CopyA", MTE2, Dma, Simple, None, Bytes)                                       \
    X(MatmulCopyAFromUb, "Matmul.CopyA", MTE3, Dma, Simple, None, Bytes)                                       \
    X(MatmulCopyBFromGm, "Matmul.CopyB", MTE2, Dma, Simple, None, Bytes)                                       \
    X(MatmulCopyBFromUb, "Matmul.CopyB", MTE3, Dma, Simple, None, Bytes)                                       \
    X(MatmulCopyBiasFromGm, "Matmul.CopyBias", MTE2, Dma, Simple, None, Bytes)                                 \
    X(MatmulCopyBiasFromUb, "Matmul.CopyBias", MTE3, Dma, Simple, None, Bytes)                                 \
    X(MatmulLoadA2, "Matmul.LoadA2", MTE1, Mte1, Simple, None, Bytes)                                          \
    X(MatmulLoadB2, "Matmul.LoadB2", MTE1, Mte1, Simple, None, Bytes)                                          \
    X(MatmulMmad, "Matmul.Mmad", M, Cube, Simple, None, Checked)                                               \
    X(MatmulGetTensorC, "Matmul.GetTensorC", FIX, Fixpipe, Simple, None, Checked)                              \
    X(MatmulGetTensorCToGmNoFix, "Matmul.GetTensorC", MTE3, Dma, Simple, None, Checked) /* via UB on MTE3 */   \
    X(MatmulGetTensorCToUbNoFix, "Matmul.GetTensorC", V, Vector, Simple, None, Checked) /* L0C -> UB, vector */\
    X(MatmulCopyQuantVector, "Matmul.CopyQuantVector", MTE2, Dma, Simple, None, Bytes)                         \
    /* sync across pipes and cores */                                                                  \
    X(SyncAll, "SyncAll", ALL, SyncAll, Simple, Barrier, NoData)                                               \
    X(SyncAllWorkspace, "SyncAll", MTE3, Dma, Simple, None, NoData) /* the software barrier's GM slots */      \
    X(InitDetermineComputeWorkspace, "InitDetermineComputeWorkspace", ALL, Sync, Simple, Barrier, NoData)      \
    X(DataSyncBarrier, "DataSyncBarrier", ALL, Sync, Simple, Barrier, NoData)                                  \
    X(CrossCoreWaitFlag, "CrossCoreWaitFlag", S, Sync, Simple, WaitFlag, NoData)                               \
    X(IBSet, "IBSet", MTE3, Sync, Simple, SetFlag, NoData)                                                     \
    X(IBSetGmWord, "IBSet", MTE2, Dma, Simple, None, NoData)        /* its GM flag word, through UB */         \
    X(IBWait, "IBWait", S, Sync, Simple, WaitFlag, NoData)                                                     \
    X(IBWaitGmWord, "IBWait", MTE2, Dma, Simple, None, NoData)                                                 \
    X(GroupBarrier, "GroupBarrier", S, Scalar, Simple, None, NoData)  /* its arrive and wait counters */       \
    X(GroupBarrierArrive, "GroupBarrier::Arrive", MTE3, Sync, Simple, SetFlag, NoData)                         \
    X(GroupBarrierWait, "GroupBarrier::Wait", S, Sync, Simple, WaitFlag, NoData)                               \
    X(InitDetermineComputeWorkspaceGm, "InitDetermineComputeWorkspace", MTE2, Dma, Simple, None, NoData)       \
    X(WaitPreBlock, "WaitPreBlock", S, Sync, Simple, WaitFlag, NoData)                                         \
    X(WaitPreBlockGm, "WaitPreBlock", MTE2, Dma, Simple, None, NoData)                                         \
    X(NotifyNextBlock, "NotifyNextBlock", MTE3, Sync, Simple, SetFlag, NoData)                                 \
    X(NotifyNextBlockGm, "NotifyNextBlock", MTE2, Dma, Simple, None, NoData)                                   \
    /* scalar and system */                                                                            \
    X(GetValue, "GetValue", S, Scalar, Simple, None, Bytes)                                                    \
    X(SetValue, "SetValue", S, Scalar, Simple, None, Bytes)                                                    \
    X(ReadGmByPassDCache, "ReadGmByPassDCache", S, Scalar, Simple, None, Bytes) /* a cross-core flag's read */ \
    X(WriteGmByPassDCache, "WriteGmByPassDCache", S, Scalar, Simple, None, Bytes) /* ... and its write */     \
    X(GetTilingData, "GET_TILING_DATA", S, Scalar, Simple, None, Bytes)                                        \
    X(DumpTensor, "DumpTensor", S, Scalar, Simple, None, Bytes)                                                \
    X(DataCacheCleanAndInvalid, "DataCacheCleanAndInvalid", S, Scalar, Simple, None, NoData)                   \
    X(ICachePreLoad, "ICachePreLoad", S, Scalar, Simple, None, NoData) /* instruction prefetch */             \
    X(GetMrgSortResult, "GetMrgSortResult", S, Scalar, Simple, None, NoData)                                   \
    /* the kernel's own loads and stores through raw pointers (src/sim/kernel_access.cpp) */          \
    X(RawLoad, "a raw-pointer load", S, Scalar, Simple, None, Bytes)                                           \
    X(RawStore, "a raw-pointer store", S, Scalar, Simple, None, Bytes)                                         \
    /* SIMT and SIMD VFs (src/sim/simt.cpp, src/sim/reg_compute.cpp) */                                \
    X(SimtThreadAccess, "a SIMT thread", S, Scalar, Simple, None, Bytes)                                       \
    X(AscVfCall, "asc_vf_call", V, SimtVf, Simple, None, NoData)                                               \
    X(AscVfCallSimd, "asc_vf_call (SIMD VF)", V, Vector, Simple, None, NoData) /* the VF's vector start */     \
    /* vector instructions outside the element-wise tables */                                          \
    X(Gather, "Gather", V, Vector, Simple, None, Bytes)                                                \
    X(GatherMask, "GatherMask", V, Vector, Simple, None, Bytes)                                        \
    X(Gatherb, "Gatherb", V, Vector, Simple, None, Bytes)                                              \
    X(TransposeEnhanced, "Transpose", V, Vector, Simple, None, Bytes) /* the TransposeType forms */    \
    X(SetVaReg, "set_va_reg_sb", V, Vector, Simple, None, NoData)                                                        \
    X(CreateVecIndex, "CreateVecIndex", V, Vector, Simple, None, Checked)                                      \
    X(Brcb, "Brcb", V, Vector, Simple, None, Bytes)                                                            \
    X(Copy, "Copy", V, Vector, Simple, None, Bytes)                                                            \
    X(Cast, "Cast", V, Vector, Simple, None, Checked)                                                           \
    X(GetCmpMask, "GetCmpMask", V, Vector, Simple, None, NoData)                                               \
    X(SetCmpMask, "SetCmpMask", V, Vector, Simple, None, NoData)                                               \
    X(RpSort16, "RpSort16", V, Vector, Simple, None, Checked)                                                  \
    X(Sort32, "Sort32", V, Vector, Simple, None, Checked)                                                      \
    X(Extract, "Extract", V, Vector, Simple, None, Checked)                                            \
    X(ProposalConcat, "ProposalConcat", V, Vector, Simple, None, Checked)                              \
    X(ProposalExtract, "ProposalExtract", V, Vector, Simple, None, Checked)                            \
    X(MrgSort, "MrgSort", V, Vector, Simple, None, Checked)                                            \
    X(MrgSort4, "MrgSort4", V, Vector, Simple, None, Checked)                                          \
    X(CompareToCmpMask, "Compare", V, Vector, Simple, None, Checked) /* into the CMPMASK register */   \
    X(Select, "Select", V, Vector, Simple, None, Checked)                                                    \
    /* advanced APIs with one name (one folded instruction each) */                                    \
    X(AdjustSoftMaxRes, "AdjustSoftMaxRes", V, Vector, Simple, None, Checked)                                  \
    X(CumSum, "CumSum", V, Vector, Simple, None, Checked)                                                      \
    X(RmsNorm, "RmsNorm", V, Vector, Simple, None, Checked)                                                    \
    X(Mean, "Mean", V, Vector, Simple, None, Checked)                                                          \
    X(Sum, "Sum", V, Vector, Simple, None, Checked)                                                  \
    X(ReduceMax, "ReduceMax", V, Vector, Simple, None, Checked)                                            \
    X(ReduceMin, "ReduceMin", V, Vector, Simple, None, Checked)                                                  \
    X(TopK, "TopK", V, Vector, Folded, None, Checked)                                                  \
    X(Broadcast, "Broadcast", V, Vector, Simple, None, Checked)                                        \
    X(AdvSelect, "Select", V, Vector, Simple, None, Checked) /* with a mask tensor (adv_select.cpp) */

// X(ID, PIPE, TIMING, COST, TYPES): one instruction the kernel reaches under several public names
// (a CANN API and its CCE intrinsic, the advanced APIs that share one implementation); the Instr
// carries the name the kernel called.
#define AKG_INSTR_FAMILY_TABLE(X)                                                                       \
    X(Transpose16, V, Vector, Simple, Bytes)        /* Transpose, vtranspose */                        \
    X(TransData5HD, V, Vector, Simple, Bytes)       /* TransDataTo5HD(Impl), scatter_vnchwconv_* */    \
    X(Compare, V, Vector, Simple, Checked)          /* Compare, CompareScalar, the CMPMODE forms */    \
    X(ReadAccVal, S, Scalar, Simple, NoData)        /* GetAccVal, GetReduceRepeatSumSpr, get_acc_val */\
    X(ReadMaxMinCnt, S, Scalar, Simple, NoData)     /* GetReduceMaxMinCount, GetReduceMax/MinCount... */\
    X(AdvMath, V, Vector, Folded, Checked)          /* Tanh ... Xor, the activations (adv_math.cpp) */ \
    X(Softmax, V, Vector, Simple, Checked)          /* SoftMax, SimpleSoftMax, SoftmaxFlash(V2), Grad */

// X(ID, API, SYNC): ordering instructions whose pipe the kernel's operands name (an event's
// pipes, a queue's producer or consumer, the barrier's pipe).
#define AKG_SYNC_INSTR_TABLE(X)                     \
    X(SetFlag, "SetFlag", SetFlag)                  \
    X(WaitFlag, "WaitFlag", WaitFlag)               \
    X(PipeBarrier, "PipeBarrier", Barrier)          \
    X(CrossCoreSetFlag, "CrossCoreSetFlag", SetFlag) \
    X(AllocTensor, "AllocTensor", QueueAlloc)       \
    X(EnQue, "EnQue", QueueEnque)                   \
    X(DeQue, "DeQue", QueueDeque)                   \
    X(FreeTensor, "FreeTensor", QueueFree)

enum class InstrId : uint8_t {
#define AKG_INSTR_ENUM(ID, API, PIPE, TIMING, COST, SYNC, TYPES) ID,
    AKG_INSTR_TABLE(AKG_INSTR_ENUM)
#undef AKG_INSTR_ENUM
};

enum class InstrFamily : uint8_t {
#define AKG_FAMILY_ENUM(ID, PIPE, TIMING, COST, TYPES) ID,
    AKG_INSTR_FAMILY_TABLE(AKG_FAMILY_ENUM)
#undef AKG_FAMILY_ENUM
};

enum class SyncInstr : uint8_t {
#define AKG_SYNC_ENUM(ID, API, SYNC) ID,
    AKG_SYNC_INSTR_TABLE(AKG_SYNC_ENUM)
#undef AKG_SYNC_ENUM
};

// One row as data. `api` is null for a family (the Instr names the API the kernel called);
// `pipe` is Pipe::COUNT for a sync row (the operands name it).
struct InstrRow {
    const char* id;
    const char* api;
    Pipe pipe;
    Timing timing;
    SyncKind sync;
    CostClass cost;
    TypeSet types;
};

inline constexpr InstrRow kInstrRows[] = {
#define AKG_INSTR_ROW(ID, API, PIPE, TIMING, COST, SYNC, TYPES) \
    {#ID, API, Pipe::PIPE, Timing::TIMING, SyncKind::SYNC, CostClass::COST, TypeSet::TYPES},
    AKG_INSTR_TABLE(AKG_INSTR_ROW)
#undef AKG_INSTR_ROW
};

inline constexpr InstrRow kInstrFamilyRows[] = {
#define AKG_FAMILY_ROW(ID, PIPE, TIMING, COST, TYPES) \
    {#ID, nullptr, Pipe::PIPE, Timing::TIMING, SyncKind::None, CostClass::COST, TypeSet::TYPES},
    AKG_INSTR_FAMILY_TABLE(AKG_FAMILY_ROW)
#undef AKG_FAMILY_ROW
};

inline constexpr InstrRow kSyncInstrRows[] = {
#define AKG_SYNC_ROW(ID, API, SYNC) {#ID, API, Pipe::COUNT, Timing::Sync, SyncKind::SYNC, CostClass::Simple, TypeSet::NoData},
    AKG_SYNC_INSTR_TABLE(AKG_SYNC_ROW)
#undef AKG_SYNC_ROW
};

// The enums are the row indices, so these are lookups, never defaults.
constexpr const InstrRow& RowOf(InstrId id) { return kInstrRows[size_t(id)]; }
constexpr const InstrRow& RowOf(InstrFamily id) { return kInstrFamilyRows[size_t(id)]; }
constexpr const InstrRow& RowOf(SyncInstr id) { return kSyncInstrRows[size_t(id)]; }
constexpr const char* ApiOf(InstrId id) { return RowOf(id).api; }

// The DataCopy row of a move from `src` to `dst`: the path its direction takes (MTE2 brings data
// in from GM, MTE3 takes it out, the vector unit copies UB to UB, MTE1 moves L1 to the cube's
// inputs, FIX drains L0C and fills the fixpipe buffer; ascend-hardware-model.md section 3.1).
constexpr InstrId DataCopyRow(Mem dst, Mem src) {
    if (src == Mem::GM) return InstrId::DataCopyGmIn;
    if (dst == Mem::GM) return InstrId::DataCopyGmOut;
    if (src == Mem::UB && dst == Mem::UB) return InstrId::DataCopyUbToUb;
    if (src == Mem::L1) return dst == Mem::FB ? InstrId::DataCopyL1ToFb : InstrId::DataCopyL1ToLocal;
    if (src == Mem::L0C) return InstrId::DataCopyFromL0c;
    return InstrId::DataCopyLocal;
}

}  // namespace akg::sim

// LocalTensor (on-chip buffers) and GlobalTensor (device memory).
//
// A LocalTensor is a view: an address inside the current core's local memory, an element count
// and a logical position. Scalar accesses (GetValue/SetValue/operator()) are PIPE_S instructions
// and go through the runtime so that the checker sees them.
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_base_types.h"

namespace AscendC {

enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC, NCDHW, NDC1HWC0, FRACTAL_Z_3D };

constexpr int32_t K_MAX_SHAPE_DIM = 8;

struct ShapeInfo {
    __aicore__ inline ShapeInfo() = default;
    __aicore__ inline ShapeInfo(uint8_t inputShapeDim, const uint32_t inputShape[], uint8_t inputOriginalShapeDim,
                                const uint32_t inputOriginalShape[], DataFormat inputFormat)
        : shapeDim(inputShapeDim), originalShapeDim(inputOriginalShapeDim), dataFormat(inputFormat) {
        for (int i = 0; i < shapeDim && i < K_MAX_SHAPE_DIM; ++i) shape[i] = inputShape[i];
        for (int i = 0; i < originalShapeDim && i < K_MAX_SHAPE_DIM; ++i) originalShape[i] = inputOriginalShape[i];
    }
    __aicore__ inline ShapeInfo(uint8_t inputShapeDim, const uint32_t inputShape[], DataFormat inputFormat)
        : ShapeInfo(inputShapeDim, inputShape, inputShapeDim, inputShape, inputFormat) {}
    __aicore__ inline ShapeInfo(uint8_t inputShapeDim, const uint32_t inputShape[])
        : ShapeInfo(inputShapeDim, inputShape, inputShapeDim, inputShape, DataFormat::ND) {}

    uint8_t shapeDim = 0;
    uint8_t originalShapeDim = 0;
    uint32_t shape[K_MAX_SHAPE_DIM] = {};
    uint32_t originalShape[K_MAX_SHAPE_DIM] = {};
    DataFormat dataFormat = DataFormat::ND;
};

}  // namespace AscendC

namespace akg::sim {
// Bounds-checked scalar access by the scalar unit. Returns false (after a diagnostic) when the
// address is outside simulated memory; the caller then skips the access.
bool ScalarAccess(Mem mem, const void* addr, uint32_t bytes, bool write, const void* caller);
// The same for a word of a cross-core flag protocol in GM (Read/WriteGmByPassDCache): the write
// publishes what its core did before it, and a read of the word is ordered after that write.
bool GmFlagAccess(const void* addr, uint32_t bytes, bool write, const void* caller);
// Host address of a physical local-memory offset on the current core (static tensor programming).
uintptr_t LocalAddress(AscendC::TPosition pos, uint32_t physAddr);
}  // namespace akg::sim

namespace AscendC {

template <typename T>
struct LocalTensorBinaryExpr;

template <typename T>
class LocalTensor {
public:
    using PrimType = T;

    __aicore__ inline LocalTensor() {}
    __aicore__ inline LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize)
        : addr_(akg::sim::LocalAddress(pos, addr)), size_(tileSize), pos_(pos) {}

    // Runtime-internal construction from a host address inside local memory.
    static __aicore__ inline LocalTensor FromAddress(uintptr_t addr, uint32_t elements, TPosition pos) {
        LocalTensor t;
        t.addr_ = addr;
        t.size_ = elements;
        t.pos_ = pos;
        return t;
    }

    // On the device this is the physical address; here it is the host address backing it, which
    // keeps `(__ubuf__ T*)t.GetPhyAddr()` usable with the raw intrinsics.
    __aicore__ inline uint64_t GetPhyAddr() const { return addr_; }
    __aicore__ inline uint64_t GetPhyAddr(const uint32_t offset) const { return addr_ + uint64_t(offset) * sizeof(T); }
    __aicore__ inline T* Data() const { return reinterpret_cast<T*>(addr_); }

    AKG_API T GetValue(const uint32_t index) const {
        T* p = reinterpret_cast<T*>(addr_) + index;
        if (!akg::sim::ScalarAccess(akg::sim::MemOf(pos_), p, sizeof(T), false, AKG_CALLER)) return T{};
        return *p;
    }
    template <typename T1>
    AKG_API void SetValue(const uint32_t index, const T1 value) const {
        T* p = reinterpret_cast<T*>(addr_) + index;
        if (!akg::sim::ScalarAccess(akg::sim::MemOf(pos_), p, sizeof(T), true, AKG_CALLER)) return;
        *p = static_cast<T>(value);
    }
    // The element's reference: the caller's load or store through it is a raw access of its own
    // code, issued where it happens (src/sim/kernel_access.cpp).
    __aicore__ inline T& operator()(const uint32_t offset) const { return reinterpret_cast<T*>(addr_)[offset]; }

    // `dst = src0 + src1` and the other whole-tensor operators (kernel_operator_vec_binary_intf.h):
    // the instruction over all of dst's GetSize() elements, located at the assignment.
    AKG_API LocalTensor& operator=(const LocalTensorBinaryExpr<T>& e) {
        e.Run(*this, AKG_CALLER);
        return *this;
    }

    __aicore__ inline LocalTensor operator[](const uint32_t offset) const {
        LocalTensor t = *this;
        t.addr_ = addr_ + uint64_t(offset) * sizeof(T);
        t.size_ = offset < size_ ? size_ - offset : 0;
        return t;
    }

    template <typename CAST_T>
    __aicore__ inline LocalTensor<CAST_T> ReinterpretCast() const {
        LocalTensor<CAST_T> t = LocalTensor<CAST_T>::FromAddress(
            addr_, static_cast<uint32_t>(uint64_t(size_) * sizeof(T) / sizeof(CAST_T)), pos_);
        t.SetUserTag(tag_);
        return t;
    }

    template <typename S>
    __aicore__ inline void SetAddrWithOffset(LocalTensor<S>& src, uint32_t offset) {
        addr_ = src.GetPhyAddr() + uint64_t(offset) * sizeof(S);
        pos_ = static_cast<TPosition>(src.GetPosition());
        uint32_t rest = offset < src.GetSize() ? src.GetSize() - offset : 0;
        size_ = static_cast<uint32_t>(uint64_t(rest) * sizeof(S) / sizeof(T));
    }

    __aicore__ inline int32_t GetPosition() const { return static_cast<int32_t>(pos_); }
    __aicore__ inline void SetSize(const uint32_t size) { size_ = size; }
    __aicore__ inline uint32_t GetSize() const { return size_; }
    __aicore__ inline uint32_t GetLength() const { return size_ * sizeof(T); }
    __aicore__ inline void SetBufferLen(uint32_t dataLen) { size_ = dataLen / sizeof(T); }
    __aicore__ inline void SetUserTag(const TTagType tag) { tag_ = tag; }
    __aicore__ inline TTagType GetUserTag() const { return tag_; }
    __aicore__ inline void SetShapeInfo(const ShapeInfo& shapeInfo) { shape_ = shapeInfo; }
    __aicore__ inline ShapeInfo GetShapeInfo() const { return shape_; }

private:
    uintptr_t addr_ = 0;
    uint32_t size_ = 0;
    TPosition pos_ = TPosition::VECCALC;
    TTagType tag_ = 0;
    ShapeInfo shape_;
};

enum class CacheRwMode : uint8_t { READ = 1, WRITE = 2, RW = 3 };

template <typename T>
class GlobalTensor {
public:
    using PrimType = T;

    __aicore__ inline GlobalTensor() {}
    __aicore__ inline void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize) {
        addr_ = buffer;
        size_ = bufferSize;
    }
    __aicore__ inline void SetGlobalBuffer(__gm__ T* buffer) {
        addr_ = buffer;
        size_ = 0;
    }
    __aicore__ inline const __gm__ T* GetPhyAddr() const { return addr_; }
    __aicore__ inline __gm__ T* GetPhyAddr(const uint64_t offset) const { return addr_ + offset; }

    AKG_API T GetValue(const uint64_t offset) const {
        T* p = addr_ + offset;
        if (!akg::sim::ScalarAccess(akg::sim::Mem::GM, p, sizeof(T), false, AKG_CALLER)) return T{};
        return *p;
    }
    AKG_API void SetValue(const uint64_t offset, T value) {
        T* p = addr_ + offset;
        if (!akg::sim::ScalarAccess(akg::sim::Mem::GM, p, sizeof(T), true, AKG_CALLER)) return;
        *p = value;
    }
    // As LocalTensor::operator(): the access through the reference is the caller's.
    __aicore__ inline __gm__ T& operator()(const uint64_t offset) const { return addr_[offset]; }
    __aicore__ inline uint64_t GetSize() const { return size_; }
    __aicore__ inline GlobalTensor operator[](const uint64_t offset) const {
        GlobalTensor t = *this;
        t.addr_ = addr_ + offset;
        t.size_ = offset < size_ ? size_ - offset : 0;
        return t;
    }
    __aicore__ inline void SetShapeInfo(const ShapeInfo& shapeInfo) { shape_ = shapeInfo; }
    __aicore__ inline ShapeInfo GetShapeInfo() const { return shape_; }
    template <CacheRwMode rwMode = CacheRwMode::RW>
    __aicore__ inline void SetL2CacheHint(CacheMode mode) {
        cacheMode_ = mode;
        akg::sim::HintGmCache(addr_, size_ * sizeof(T), mode == CacheMode::CACHE_MODE_DISABLE);
    }
    template <typename CAST_T>
    __aicore__ inline GlobalTensor<CAST_T> ReinterpretCast() const {
        GlobalTensor<CAST_T> t;
        t.SetGlobalBuffer(reinterpret_cast<__gm__ CAST_T*>(addr_), size_ * sizeof(T) / sizeof(CAST_T));
        return t;
    }
    __aicore__ inline CacheMode GetCacheMode() const { return cacheMode_; }

private:
    __gm__ T* addr_ = nullptr;
    uint64_t size_ = 0;
    CacheMode cacheMode_ = CacheMode::CACHE_MODE_NORMAL;
    ShapeInfo shape_;
};

}  // namespace AscendC

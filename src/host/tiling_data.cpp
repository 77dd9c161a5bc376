// optiling::TilingDef (the base of BEGIN_TILING_DATA_DEF classes) and the tiling struct registry.
#include <algorithm>
#include <cstring>
#include <string>

#include "akg/host/host_registry.h"
#include "host/registry.h"
#include "host/run_log.h"
#include "register/tilingdata_base.h"

namespace optiling {

TilingDef::TilingDef(const char* className) : class_name_(className) {}

TilingDef::TilingDef(const TilingDef& other)
    : class_name_(other.class_name_),
      fields_(other.fields_),
      storage_(other.data_ptr_, other.data_ptr_ + other.data_size_),
      data_size_(other.data_size_) {
    data_ptr_ = storage_.data();
}

TilingDef& TilingDef::operator=(const TilingDef& other) {
    if (this == &other) return *this;
    class_name_ = other.class_name_;
    fields_ = other.fields_;
    storage_.assign(other.data_ptr_, other.data_ptr_ + other.data_size_);
    data_size_ = other.data_size_;
    data_ptr_ = storage_.data();
    return *this;
}

void TilingDef::CheckAlignAndGenPlaceHolder(const char* /*name*/, size_t typeSize) {
    if (typeSize == 0) return;
    data_size_ = (data_size_ + typeSize - 1) / typeSize * typeSize;
}

size_t TilingDef::AddScalarField(const char* dtype, const char* name, size_t typeSize) {
    return AddArrayField(dtype, name, typeSize, 0);
}

size_t TilingDef::AddArrayField(const char* dtype, const char* name, size_t typeSize, size_t count) {
    CheckAlignAndGenPlaceHolder(name, typeSize);
    const FieldKind kind = count == 0 ? FieldKind::kScalar : FieldKind::kArray;
    const size_t bytes = typeSize * (count == 0 ? 1 : count);
    fields_.push_back({{dtype, name, kind, count, data_size_, bytes, nullptr}, 0});
    data_size_ += bytes;
    return fields_.back().info.offset;
}

size_t TilingDef::AddStructField(const char* structType, const char* name, TilingDef& member) {
    CheckAlignAndGenPlaceHolder(name, kStructAlignment);
    const ptrdiff_t memberOffset = reinterpret_cast<const char*>(&member) - reinterpret_cast<const char*>(this);
    fields_.push_back({{structType, name, FieldKind::kStruct, 0, data_size_, member.data_size_, nullptr}, memberOffset});
    data_size_ += member.data_size_;
    return fields_.back().info.offset;
}

void TilingDef::InitData() {
    CheckAlignAndGenPlaceHolder(class_name_, kStructAlignment);
    storage_.assign(data_size_, 0);
    data_ptr_ = storage_.data();
}

TilingDef* TilingDef::NestedStruct(const Field& field) {
    return reinterpret_cast<TilingDef*>(reinterpret_cast<char*>(this) + field.memberOffset);
}

const TilingDef* TilingDef::NestedStruct(const Field& field) const {
    return reinterpret_cast<const TilingDef*>(reinterpret_cast<const char*>(this) + field.memberOffset);
}

void TilingDef::SaveToBuffer(void* pdata, size_t capacity) {
    if (pdata == nullptr || capacity < data_size_) {
        akg::host::AppendRunLog(std::string("[E] ") + class_name_ + ": SaveToBuffer needs " +
                                std::to_string(data_size_) + " bytes, capacity is " + std::to_string(capacity));
        return;
    }
    auto* dst = static_cast<uint8_t*>(pdata);
    if (dst != data_ptr_) std::memmove(dst, data_ptr_, data_size_);
    for (const Field& field : fields_) {
        if (field.info.kind == FieldKind::kStruct) NestedStruct(field)->SaveToBuffer(dst + field.info.offset, field.info.size);
    }
}

std::vector<FieldInfo> TilingDef::GetFieldInfo() const {
    std::vector<FieldInfo> infos;
    for (const Field& field : fields_) {
        FieldInfo info = field.info;
        if (info.kind == FieldKind::kStruct) info.structDef = NestedStruct(field);
        infos.push_back(info);
    }
    return infos;
}

const char* TilingDef::GetTilingClassName() const { return class_name_; }
size_t TilingDef::GetDataSize() const { return data_size_; }

void TilingDef::SetDataPtr(void* dataPtr) {
    if (dataPtr == nullptr) return;
    auto* dst = static_cast<uint8_t*>(dataPtr);
    if (dst != data_ptr_) std::memmove(dst, data_ptr_, data_size_);
    data_ptr_ = dst;
    storage_.clear();
    for (const Field& field : fields_) {
        if (field.info.kind == FieldKind::kStruct) NestedStruct(field)->SetDataPtr(dst + field.info.offset);
    }
}

CTilingDataClassFactory& CTilingDataClassFactory::GetInstance() {
    static CTilingDataClassFactory factory;
    return factory;
}

void CTilingDataClassFactory::RegisterTilingData(const char* op_type, const TilingDataConstructor constructor) {
    if (op_type != nullptr && constructor != nullptr) akg::host::Registry::Get().AddTilingData(op_type, constructor);
}

std::shared_ptr<TilingDef> CTilingDataClassFactory::CreateTilingDataInstance(const char* op_type) {
    if (op_type == nullptr) return nullptr;
    const TilingDataConstructor constructor = akg::host::Registry::Get().FindTilingData(op_type);
    return constructor == nullptr ? nullptr : constructor();
}

}  // namespace optiling

namespace akg::host {

namespace {

// Appends `def`'s struct, after every struct nested in it, unless already listed.
void Describe(const optiling::TilingDef& def, std::vector<TilingStruct>& out) {
    const std::string name = def.GetTilingClassName();
    for (const TilingStruct& known : out) {
        if (known.name == name) return;
    }
    TilingStruct described;
    described.name = name;
    described.size = static_cast<uint32_t>(def.GetDataSize());
    for (const optiling::FieldInfo& info : def.GetFieldInfo()) {
        if (info.kind == optiling::FieldKind::kStruct) Describe(*info.structDef, out);
        TilingField field;
        field.name = info.name;
        field.type = info.dtype;
        field.isStruct = info.kind == optiling::FieldKind::kStruct;
        field.arrayLen = static_cast<uint32_t>(info.arrSize);
        field.offset = static_cast<uint32_t>(info.offset);
        field.size = static_cast<uint32_t>(info.size);
        described.fields.push_back(field);
    }
    out.push_back(described);
}

}  // namespace

std::vector<TilingRegistration> TilingRegistrations() {
    std::lock_guard<std::recursive_mutex> lock(Registry::Get().Mutex());
    std::vector<TilingRegistration> registrations;
    for (const auto& entry : Registry::Get().TilingData()) {
        registrations.push_back({entry.first, entry.second()->GetTilingClassName()});
    }
    return registrations;
}

std::vector<TilingStruct> TilingStructs() {
    std::lock_guard<std::recursive_mutex> lock(Registry::Get().Mutex());
    std::vector<TilingStruct> structs;
    for (const auto& entry : Registry::Get().TilingData()) Describe(*entry.second(), structs);
    return structs;
}

}  // namespace akg::host

// Tiling structs declared on the host (namespace optiling):
//
//   BEGIN_TILING_DATA_DEF(AddTilingData)
//     TILING_DATA_FIELD_DEF(uint32_t, totalLength);
//     TILING_DATA_FIELD_DEF_ARR(uint16_t, 8, tileLens);
//     TILING_DATA_FIELD_DEF_STRUCT(OtherTilingData, other);
//   END_TILING_DATA_DEF;
//   REGISTER_TILING_DATA_CLASS(AddCustom, AddTilingData)
//
// generate a class with set_<f>/get_<f> per field whose bytes are laid out as CANN's TilingDef
// lays them out: a scalar or array field starts at a multiple of its element size, a nested
// struct field at a multiple of 8, and the struct's size is padded to a multiple of 8 (CANN's
// CheckAlignAndGenPlaceHolder; operators check GetDataSize() % 8 in their tiling). The kernel
// side gets the same layout from the builder, which writes the padding as explicit `<field>PH`
// members as CANN's generated tiling headers do. Field values start at 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/types.h"

namespace optiling {

// Element types TILING_DATA_FIELD_DEF and TILING_DATA_FIELD_DEF_ARR accept.
template <typename T>
struct IsTilingFieldType
    : std::integral_constant<bool, std::is_same<T, int8_t>::value || std::is_same<T, uint8_t>::value ||
                                       std::is_same<T, int16_t>::value || std::is_same<T, uint16_t>::value ||
                                       std::is_same<T, int32_t>::value || std::is_same<T, uint32_t>::value ||
                                       std::is_same<T, int64_t>::value || std::is_same<T, uint64_t>::value ||
                                       std::is_same<T, float>::value || std::is_same<T, bool>::value ||
                                       std::is_same<T, char>::value> {};

class TilingDef;

enum class FieldKind : uint8_t { kScalar, kArray, kStruct };

// One field of a tiling struct as laid out in its serialised bytes.
struct FieldInfo {
    const char* dtype;          // element type as written, or the nested struct's class name
    const char* name;
    FieldKind kind;
    size_t arrSize;             // element count of an array field, 0 otherwise
    size_t offset;              // bytes from the start of the struct
    size_t size;                // bytes of the whole field
    const TilingDef* structDef; // the nested struct object of a struct field, nullptr otherwise
};

class TilingDef {
public:
    virtual ~TilingDef() = default;
    // A copy owns its own storage, even when the original was pointed at external memory.
    TilingDef(const TilingDef& other);
    TilingDef& operator=(const TilingDef& other);

    // Writes the struct (nested structs in place) to `pdata`. Writes nothing, and reports the
    // error in the tiling log, when `capacity` is smaller than GetDataSize().
    void SaveToBuffer(void* pdata, size_t capacity);
    std::vector<FieldInfo> GetFieldInfo() const;
    const char* GetTilingClassName() const;
    size_t GetDataSize() const;
    // Makes `dataPtr` the storage of the fields (current values are copied there first); it must
    // hold GetDataSize() bytes and stay valid while this object is used.
    void SetDataPtr(void* dataPtr);
    // Pads the layout so that the next field starts at a multiple of `typeSize`.
    void CheckAlignAndGenPlaceHolder(const char* name, size_t typeSize);

protected:
    explicit TilingDef(const char* className);
    // Field registration, in declaration order; each returns the field's offset.
    size_t AddScalarField(const char* dtype, const char* name, size_t typeSize);
    size_t AddArrayField(const char* dtype, const char* name, size_t typeSize, size_t count);
    size_t AddStructField(const char* structType, const char* name, TilingDef& member);
    // Called once every field is registered: pads the size and allocates zeroed storage.
    void InitData();

    uint8_t* data_ptr_ = nullptr;

private:
    struct Field {
        FieldInfo info;
        ptrdiff_t memberOffset;  // struct fields: where the nested object sits inside this object
    };
    TilingDef* NestedStruct(const Field& field);
    const TilingDef* NestedStruct(const Field& field) const;

    const char* class_name_;
    std::vector<Field> fields_;
    std::vector<uint8_t> storage_;
    size_t data_size_ = 0;
};

// Where CANN's TilingDef starts a nested struct field, and what it pads every struct's size to.
inline constexpr size_t kStructAlignment = 8;

using TilingDataConstructor = std::shared_ptr<TilingDef> (*)();

// Tiling struct classes by op type: "Op" (the op's struct), "Op_<tilingKey>" (the struct used
// for that tiling key), "<Struct>Op" (a struct nested in others).
class CTilingDataClassFactory {
public:
    static CTilingDataClassFactory& GetInstance();
    void RegisterTilingData(const char* op_type, const TilingDataConstructor constructor);
    // nullptr when nothing is registered under `op_type`.
    std::shared_ptr<TilingDef> CreateTilingDataInstance(const char* op_type);

private:
    CTilingDataClassFactory() = default;
};

template <typename T>
std::shared_ptr<TilingDef> MakeTilingData() {
    return std::make_shared<T>();
}

struct TilingDataRegistrar {
    TilingDataRegistrar(const char* op_type, TilingDataConstructor constructor) {
        CTilingDataClassFactory::GetInstance().RegisterTilingData(op_type, constructor);
    }
};

}  // namespace optiling

// The macros name TilingDef & co. unqualified, so, as with CANN, they must be used inside
// namespace optiling.
#define BEGIN_TILING_DATA_DEF(class_name)                     \
    class class_name : public TilingDef {                     \
    public:                                                   \
        class_name() : TilingDef(#class_name) { InitData(); }

#define TILING_DATA_FIELD_DEF(data_type, field_name)                                                          \
public:                                                                                                       \
    static_assert(IsTilingFieldType<data_type>::value,                                                        \
                  "tiling fields must be int8_t..uint64_t, float, bool or char: " #field_name);                     \
    void set_##field_name(data_type field_name) {                                                             \
        std::memcpy(data_ptr_ + field_name##_offset_, &field_name, sizeof(data_type));                        \
    }                                                                                                         \
    data_type get_##field_name() {                                                                            \
        data_type value;                                                                                      \
        std::memcpy(&value, data_ptr_ + field_name##_offset_, sizeof(data_type));                             \
        return value;                                                                                         \
    }                                                                                                         \
                                                                                                              \
private:                                                                                                      \
    size_t field_name##_offset_ = AddScalarField(#data_type, #field_name, sizeof(data_type));

// set_<f> copies arr_size elements from the pointer; get_<f> returns the stored elements.
#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)                                             \
public:                                                                                                       \
    static_assert(IsTilingFieldType<arr_type>::value,                                                         \
                  "tiling fields must be int8_t..uint64_t, float, bool or char: " #field_name);                     \
    void set_##field_name(arr_type* field_name) {                                                             \
        std::memmove(data_ptr_ + field_name##_offset_, field_name, (arr_size) * sizeof(arr_type));            \
    }                                                                                                         \
    arr_type* get_##field_name() { return reinterpret_cast<arr_type*>(data_ptr_ + field_name##_offset_); }    \
                                                                                                              \
private:                                                                                                      \
    size_t field_name##_offset_ = AddArrayField(#arr_type, #field_name, sizeof(arr_type), (arr_size));

#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name) \
public:                                                       \
    struct_type field_name;                                   \
                                                              \
private:                                                      \
    size_t field_name##_offset_ = AddStructField(#struct_type, #field_name, field_name);

#define END_TILING_DATA_DEF \
    }                       \
    ;

#define REGISTER_TILING_DATA_CLASS(op_type, class_name) \
    static TilingDataRegistrar g_tiling_data_registrar_##op_type##_##class_name(#op_type, MakeTilingData<class_name>);

// Classification of compiler output. The kernel tests build a small Ascend C kernel with exactly
// one mistake the way the operator builder does (sources mirrored with #line, the builder's
// flags, linked against libakg_sim) and check the class and the user line of the first error;
// the text tests feed canned compiler output.
#include "harness/compile_errors.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <utility>

#include "build/compile.h"
#include "build/rewrite.h"
#include "common/process.h"

namespace akg::harness {
namespace {

namespace fs = std::filesystem;

// Compiles and links cleanly; each test replaces one "// @MARKER" comment with a snippet.
constexpr const char* kBaseKernel = R"(#include "kernel_operator.h"
using namespace AscendC;

// @GLOBAL
class KernelAdd {
public:
    __aicore__ inline KernelAdd() {}
    // @METHODS
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t n)
    {
        n_ = n;
        // @INIT
        xGm_.SetGlobalBuffer((__gm__ float*)x, n);
        yGm_.SetGlobalBuffer((__gm__ float*)y, n);
        zGm_.SetGlobalBuffer((__gm__ float*)z, n);
        pipe_.InitBuffer(inQueueX_, 1, n * sizeof(float));
        pipe_.InitBuffer(inQueueY_, 1, n * sizeof(float));
        pipe_.InitBuffer(outQueueZ_, 1, n * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<float> xLocal = inQueueX_.AllocTensor<float>();
        LocalTensor<float> yLocal = inQueueY_.AllocTensor<float>();
        DataCopy(xLocal, xGm_, n_);
        DataCopy(yLocal, yGm_, n_);
        inQueueX_.EnQue(xLocal);
        inQueueY_.EnQue(yLocal);
        xLocal = inQueueX_.DeQue<float>();
        yLocal = inQueueY_.DeQue<float>();
        LocalTensor<float> zLocal = outQueueZ_.AllocTensor<float>();
        // @PROCESS
        Add(zLocal, xLocal, yLocal, n_);
        outQueueZ_.EnQue(zLocal);
        inQueueX_.FreeTensor(xLocal);
        inQueueY_.FreeTensor(yLocal);
        zLocal = outQueueZ_.DeQue<float>();
        DataCopy(zGm_, zLocal, n_);
        outQueueZ_.FreeTensor(zLocal);
    }

private:
    TPipe pipe_;
    TQue<QuePosition::VECIN, 1> inQueueX_, inQueueY_;
    TQue<QuePosition::VECOUT, 1> outQueueZ_;
    GlobalTensor<float> xGm_, yGm_, zGm_;
    uint32_t n_ = 0;
    // @MEMBERS
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)
{
    KernelAdd op;
    // @ENTRY
    op.Init(x, y, z, 1024);
    op.Process();
}
)";

constexpr const char* kKernelFile = "add_custom.cpp";

// The 1-based line of `// @marker` in the base kernel.
int LineOf(const std::string& marker) {
    const std::string text = kBaseKernel;
    const size_t at = text.find("// @" + marker + "\n");
    EXPECT_NE(at, std::string::npos) << marker;
    return 1 + int(std::count(text.begin(), text.begin() + long(at), '\n'));
}

class CompileErrorsKernel : public ::testing::Test {
protected:
    void SetUp() override {
        const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = fs::temp_directory_path() /
               ("akg-compile-errors-" + std::to_string(getpid()) + "-" + test->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "src" / "op_kernel");
    }
    void TearDown() override { fs::remove_all(dir_); }

    fs::path UserRoot() const { return dir_ / "src" / "op_kernel"; }

    // Builds the base kernel with `snippets` (marker -> code) the way BuildKernel does and
    // returns the compiler output.
    ProcessResult Build(const std::vector<std::pair<std::string, std::string>>& snippets) {
        std::string source = kBaseKernel;
        for (const auto& [marker, code] : snippets) {
            const std::string placeholder = "// @" + marker;
            const size_t at = source.find(placeholder);
            EXPECT_NE(at, std::string::npos) << marker;
            source.replace(at, placeholder.size(), code);
        }
        EXPECT_TRUE(build::WriteFile((UserRoot() / kKernelFile).string(), source));
        std::string error;
        EXPECT_TRUE(build::MirrorRewritten(UserRoot().string(), (dir_ / "build" / "op_kernel").string(), &error))
            << error;
        const build::BuildOptions options;
        std::vector<std::string> argv = {build::CompilerOf(options)};
        for (const std::string& f : build::CommonFlags(options)) argv.push_back(f);
        for (const std::string& f : {std::string("-D__DAV_C220_VEC__"), (dir_ / "build" / "op_kernel" / kKernelFile).string(),
                                     std::string("-o"), (dir_ / "build" / "kernel.so").string()})
            argv.push_back(f);
        for (const std::string& f : build::LinkFlags("akg_sim")) argv.push_back(f);
        return RunProcess(argv, 120);
    }

    // Builds with the mistake and checks the summary names `cls` and the user line `line`.
    void ExpectFirstError(const std::vector<std::pair<std::string, std::string>>& snippets, const std::string& cls,
                          int line) {
        const ProcessResult built = Build(snippets);
        ASSERT_NE(built.exitCode, 0) << "the mistake compiled";
        const CompileErrorSummary summary = ClassifyCompileErrors(built.output, {UserRoot().string()});
        ASSERT_FALSE(summary.errors.empty()) << built.output;
        EXPECT_EQ(summary.cls, cls) << built.output;
        const std::string prefix = std::string(kKernelFile) + ":" + std::to_string(line) + ": ";
        EXPECT_EQ(summary.firstLine.rfind(prefix, 0), 0u) << summary.firstLine << "\n" << built.output;
        auto firstInUser = std::find_if(summary.errors.begin(), summary.errors.end(),
                                        [](const CompileError& e) { return e.inUserCode; });
        ASSERT_NE(firstInUser, summary.errors.end()) << built.output;
        EXPECT_EQ(firstInUser->line, line);
        EXPECT_EQ(firstInUser->cls, cls);
        EXPECT_EQ(summary.firstLine.find('\n'), std::string::npos);
    }

    fs::path dir_;
};

TEST_F(CompileErrorsKernel, BaseKernelBuilds) {
    const ProcessResult built = Build({});
    EXPECT_EQ(built.exitCode, 0) << built.output;
    EXPECT_TRUE(ClassifyCompileErrors(built.output, {UserRoot().string()}).errors.empty());
}

// compile.api_signature

TEST_F(CompileErrorsKernel, ApiWrongArgumentCount) {
    ExpectFirstError({{"PROCESS", "Add(zLocal, xLocal, n_);"}}, "compile.api_signature", LineOf("PROCESS"));
}

TEST_F(CompileErrorsKernel, ApiMisspelledMember) {
    ExpectFirstError({{"PROCESS", "outQueueZ_.Enqueue(zLocal);"}}, "compile.api_signature", LineOf("PROCESS"));
}

TEST_F(CompileErrorsKernel, ApiNotInAscendCNamespace) {
    ExpectFirstError({{"PROCESS", "LocalTensor<float> tmp = AscendC::AllocLocalTensor<float>();"}},
                     "compile.api_signature", LineOf("PROCESS"));
}

TEST_F(CompileErrorsKernel, ApiWrongTemplateArgumentCount) {
    ExpectFirstError({{"MEMBERS", "TQue<QuePosition::VECOUT> extraQueue_;"}}, "compile.api_signature",
                     LineOf("MEMBERS"));
}

TEST_F(CompileErrorsKernel, ApiTooManyArguments) {
    ExpectFirstError({{"INIT", "const int64_t core = GetBlockIdx(0);"}}, "compile.api_signature", LineOf("INIT"));
}

TEST_F(CompileErrorsKernel, ApiAmbiguousOverload) {
    ExpectFirstError({{"GLOBAL",
                       "__aicore__ inline float HalfOf(float v) { return v * 0.5f; } "
                       "__aicore__ inline half HalfOf(half v) { return v * half(0.5f); }"},
                      {"INIT", "float scaled = HalfOf(n);"}},
                     "compile.api_signature", LineOf("INIT"));
}

// The error is inside TPipe::InitBuffer; the instantiation chain leads to the user's call.
TEST_F(CompileErrorsKernel, ApiErrorInHeaderIsAttributedToTheCall) {
    ExpectFirstError({{"INIT", "pipe_.InitBuffer(xGm_, 1, 32);"}}, "compile.api_signature", LineOf("INIT"));
}

// A declared helper that is never defined: the call links against nothing.
TEST_F(CompileErrorsKernel, ApiUndefinedReferenceAtLink) {
    ExpectFirstError({{"GLOBAL", "__aicore__ void ComputeTile(LocalTensor<float>& z, uint32_t n);"},
                      {"PROCESS", "ComputeTile(zLocal, n_);"}},
                     "compile.api_signature", LineOf("PROCESS"));
}

// compile.dtype_cast

TEST_F(CompileErrorsKernel, DtypeTensorOfOtherElementType) {
    ExpectFirstError({{"PROCESS", "LocalTensor<float> halfTile = outQueueZ_.AllocTensor<half>();"}},
                     "compile.dtype_cast", LineOf("PROCESS"));
}

TEST_F(CompileErrorsKernel, DtypeTensorToPointer) {
    ExpectFirstError({{"PROCESS", "float* raw = xLocal;"}}, "compile.dtype_cast", LineOf("PROCESS"));
}

// Muls on a float tensor with an int scalar: T deduces as both float and int.
TEST_F(CompileErrorsKernel, DtypeScalarOfOtherType) {
    ExpectFirstError({{"PROCESS", "Muls(zLocal, xLocal, 2, n_);"}}, "compile.dtype_cast", LineOf("PROCESS"));
}

TEST_F(CompileErrorsKernel, DtypeOperatorOnTensors) {
    ExpectFirstError({{"INIT", "auto sum = xGm_ + yGm_;"}}, "compile.dtype_cast", LineOf("INIT"));
}

TEST_F(CompileErrorsKernel, DtypeInvalidStaticCast) {
    ExpectFirstError({{"INIT", "auto* raw = static_cast<float*>(x);"}}, "compile.dtype_cast", LineOf("INIT"));
}

// Our headers reject the element type with a static_assert inside Add<uint8_t>; the innermost
// user location of the instantiation chain is the helper's call of Add, not the call site.
TEST_F(CompileErrorsKernel, DtypeUnsupportedInHeaderAttributedToInnermostUserLine) {
    ExpectFirstError({{"GLOBAL",
                       "template <typename T> __aicore__ inline void AddTiles(const LocalTensor<T>& z, "
                       "const LocalTensor<T>& x, uint32_t n) { Add(z, x, x, n); }"},
                      {"PROCESS", "LocalTensor<uint8_t> b0, b1; AddTiles(b0, b1, n_);"}},
                     "compile.dtype_cast", LineOf("GLOBAL"));
}

// The bad cast is in the macro's body in our header; the expansion is the user's line.
TEST_F(CompileErrorsKernel, DtypeInMacroBodyAttributedToExpansion) {
    ExpectFirstError({{"INIT", "KERNEL_TASK_TYPE_DEFAULT(xGm_);"}}, "compile.dtype_cast", LineOf("INIT"));
}

// compile.scope_lifetime

TEST_F(CompileErrorsKernel, ScopeUndeclaredName) {
    ExpectFirstError({{"PROCESS", "DataCopy(zGm_, zLocal, length);"}}, "compile.scope_lifetime", LineOf("PROCESS"));
}

TEST_F(CompileErrorsKernel, ScopeRedeclaration) {
    ExpectFirstError({{"PROCESS", "LocalTensor<float> xLocal = outQueueZ_.AllocTensor<float>();"}},
                     "compile.scope_lifetime", LineOf("PROCESS"));
}

TEST_F(CompileErrorsKernel, ScopeUnknownType) {
    ExpectFirstError({{"MEMBERS", "TileInfo tile_;"}}, "compile.scope_lifetime", LineOf("MEMBERS"));
}

TEST_F(CompileErrorsKernel, ScopeUseAfterBlockEnds) {
    ExpectFirstError({{"INIT", "{ uint32_t blockLen = n; } n_ = blockLen;"}}, "compile.scope_lifetime",
                     LineOf("INIT"));
}

TEST_F(CompileErrorsKernel, ScopeGotoCrossesInitialization) {
    ExpectFirstError({{"INIT", "if (n == 0) goto done; uint32_t halfN = n / 2; done: n_ = n;"}},
                     "compile.scope_lifetime", LineOf("INIT"));
}

// compile.memory_object

TEST_F(CompileErrorsKernel, MemoryAssignToRvalue) {
    ExpectFirstError({{"INIT", "GetBlockIdx() = 0;"}}, "compile.memory_object", LineOf("INIT"));
}

TEST_F(CompileErrorsKernel, MemoryIncompleteType) {
    ExpectFirstError({{"GLOBAL", "struct TilingParams;"}, {"INIT", "TilingParams params;"}}, "compile.memory_object",
                     LineOf("INIT"));
}

TEST_F(CompileErrorsKernel, MemoryConstMethodWritesMember) {
    ExpectFirstError({{"METHODS", "__aicore__ inline void Reset() const { n_ = 0; }"}}, "compile.memory_object",
                     LineOf("METHODS"));
}

// AllocTensor is not const: GCC reports "no matching function" with a "discards qualifiers" note.
TEST_F(CompileErrorsKernel, MemoryConstMethodCallsMutatingApi) {
    ExpectFirstError({{"METHODS", "__aicore__ inline void Peek() const { LocalTensor<float> t = inQueueX_.AllocTensor<float>(); }"}},
                     "compile.memory_object", LineOf("METHODS"));
}

// The helper's name is none of AscendC's (AscendC::Fill exists: it would make the call ambiguous).
TEST_F(CompileErrorsKernel, MemoryTemporaryToNonConstReference) {
    ExpectFirstError({{"GLOBAL", "__aicore__ inline void Scribble(LocalTensor<float>& t) {}"},
                      {"PROCESS", "Scribble(outQueueZ_.AllocTensor<float>());"}},
                     "compile.memory_object", LineOf("PROCESS"));
}

// compile.syntax

// GCC reports a missing ';' at the next token, on the following line.
TEST_F(CompileErrorsKernel, SyntaxMissingSemicolon) {
    ExpectFirstError({{"INIT", "uint32_t tail = n % 8"}}, "compile.syntax", LineOf("INIT") + 1);
}

TEST_F(CompileErrorsKernel, SyntaxMissingArgument) {
    ExpectFirstError({{"PROCESS", "Add(zLocal, xLocal, , n_);"}}, "compile.syntax", LineOf("PROCESS"));
}

TEST_F(CompileErrorsKernel, SyntaxStrayCharacter) {
    ExpectFirstError({{"INIT", "n_ = n; @"}}, "compile.syntax", LineOf("INIT"));
}

TEST_F(CompileErrorsKernel, SyntaxUnterminatedString) {
    ExpectFirstError({{"INIT", "const char* tag = \"add;"}}, "compile.syntax", LineOf("INIT"));
}

TEST_F(CompileErrorsKernel, SyntaxExtraQualification) {
    ExpectFirstError({{"METHODS", "__aicore__ inline void KernelAdd::Reset() {}"}}, "compile.syntax",
                     LineOf("METHODS"));
}

TEST_F(CompileErrorsKernel, SyntaxPreprocessorError) {
    ExpectFirstError({{"GLOBAL", "#error \"this SoC is not supported\""}}, "compile.syntax", LineOf("GLOBAL"));
}

// Canned output.

TEST(CompileErrorsText, EmptyOutputHasNoErrors) {
    const CompileErrorSummary s = ClassifyCompileErrors("", {"/work/op_kernel"});
    EXPECT_TRUE(s.errors.empty());
    EXPECT_EQ(s.cls, "compile.other");
    EXPECT_EQ(s.firstLine, "");
    EXPECT_TRUE(s.counts.empty());
}

TEST(CompileErrorsText, WarningsAreNotErrors) {
    const char* out =
        "/work/op_kernel/k.cpp: In function 'int f(int)':\n"
        "/work/op_kernel/k.cpp:3:30: warning: comparison of integer expressions of different signedness: 'int' and "
        "'unsigned int' [-Wsign-compare]\n"
        "    3 |     unsigned u = 1; return a < u;\n"
        "      |                            ~~^~~\n"
        "/work/op_kernel/k.cpp:2:9: warning: unused variable 'unused' [-Wunused-variable]\n"
        "    2 |     int unused = 1;\n"
        "      |         ^~~~~~\n";
    EXPECT_TRUE(ClassifyCompileErrors(out, {"/work/op_kernel"}).errors.empty());
}

TEST(CompileErrorsText, ColourAndHyperlinkEscapesAreStripped) {
    const char* out =
        "\x1b[01m\x1b[K/work/op_kernel/col.cpp:\x1b[m\x1b[K In function \xE2\x80\x98\x1b[01m\x1b[Kint f()\x1b[m\x1b[K"
        "\xE2\x80\x99:\n"
        "\x1b[01m\x1b[K/work/op_kernel/col.cpp:3:12:\x1b[m\x1b[K \x1b[01;31m\x1b[Kerror: \x1b[m\x1b[K\xE2\x80\x98\x1b[01m"
        "\x1b[KundefinedName\x1b[m\x1b[K\xE2\x80\x99 was not declared in this scope\n"
        "\x1b[01m\x1b[K/work/op_kernel/col.cpp:2:9:\x1b[m\x1b[K \x1b[01;35m\x1b[Kwarning: \x1b[m\x1b[Kunused variable "
        "\xE2\x80\x98\x1b[01m\x1b[Kunused\x1b[m\x1b[K\xE2\x80\x99 [\x1b[01;35m\x1b[K\x1b]8;;https://gcc.gnu.org/"
        "onlinedocs/gcc/Warning-Options.html#index-Wunused-variable\x07-Wunused-variable\x1b]8;;\x07\x1b[m\x1b[K]\n";
    const CompileErrorSummary s = ClassifyCompileErrors(out, {"/work/op_kernel"});
    ASSERT_EQ(s.errors.size(), 1u);
    EXPECT_EQ(s.errors[0].file, "/work/op_kernel/col.cpp");
    EXPECT_EQ(s.errors[0].line, 3);
    EXPECT_EQ(s.errors[0].column, 12);
    EXPECT_EQ(s.errors[0].message, "'undefinedName' was not declared in this scope");
    EXPECT_EQ(s.firstLine, "col.cpp:3: 'undefinedName' was not declared in this scope");
    EXPECT_EQ(s.cls, "compile.scope_lifetime");
}

// Template-heavy messages can be huge; the regex engine must not see them whole.
TEST(CompileErrorsText, HugeMessageIsTruncatedNotFatal) {
    const std::string out = "/work/op_kernel/k.cpp:3:5: error: no matching function for call to 'f(" +
                            std::string(1 << 20, 'x') + ")'\n";
    const CompileErrorSummary s = ClassifyCompileErrors(out, {"/work/op_kernel"});
    ASSERT_EQ(s.errors.size(), 1u);
    EXPECT_EQ(s.cls, "compile.api_signature");
    EXPECT_LT(s.firstLine.size(), size_t(8192));
}

TEST(CompileErrorsText, CarriageReturnsAndTrailingSlashOnRoot) {
    const char* out = "/work/op_kernel/sub/k.cpp:7:5: error: expected ';' before 'return'\r\n";
    const CompileErrorSummary s = ClassifyCompileErrors(out, {"/work/op_kernel/"});
    ASSERT_EQ(s.errors.size(), 1u);
    EXPECT_TRUE(s.errors[0].inUserCode);
    EXPECT_EQ(s.firstLine, "sub/k.cpp:7: expected ';' before 'return'");
    EXPECT_EQ(s.cls, "compile.syntax");
}

// The first error in user code decides, even when a header error comes first.
TEST(CompileErrorsText, FirstUserErrorDecidesAndCountsCoverAll) {
    const char* out =
        "In file included from /work/op_kernel/k.cpp:4:\n"
        "/usr/include/x86_64-linux-gnu/bits/stdint-intn.h:26:9: error: multiple types in one declaration\n"
        "/work/op_kernel/k.cpp:1:17: error: declaration does not declare anything [-fpermissive]\n"
        "/work/op_kernel/k.cpp:3:23: error: 'blockLen' was not declared in this scope\n";
    const CompileErrorSummary s = ClassifyCompileErrors(out, {"/work/op_kernel"});
    ASSERT_EQ(s.errors.size(), 3u);
    EXPECT_FALSE(s.errors[0].inUserCode);
    EXPECT_EQ(s.cls, "compile.syntax");
    EXPECT_EQ(s.firstLine, "k.cpp:1: declaration does not declare anything [-fpermissive]");
    EXPECT_EQ(s.counts.at("compile.other"), 1);
    EXPECT_EQ(s.counts.at("compile.syntax"), 1);
    EXPECT_EQ(s.counts.at("compile.scope_lifetime"), 1);
}

// Without any user-code error the first error decides and keeps its own path.
TEST(CompileErrorsText, HeaderOnlyErrorFallsBackToFirstError) {
    const char* out = "/opt/akg/include/akg_generated.h:12:1: error: static assertion failed: kernel-side tiling "
                      "struct AddTiling does not match the host layout\n";
    const CompileErrorSummary s = ClassifyCompileErrors(out, {"/work/op_kernel"});
    ASSERT_EQ(s.errors.size(), 1u);
    EXPECT_FALSE(s.errors[0].inUserCode);
    EXPECT_EQ(s.cls, "compile.other");
    EXPECT_EQ(s.firstLine,
              "/opt/akg/include/akg_generated.h:12: static assertion failed: kernel-side tiling struct AddTiling does "
              "not match the host layout");
}

// GCC prints an instantiation context only when it changes: a second error of the same
// instantiation reuses it, an error after a new function context does not.
TEST(CompileErrorsText, InstantiationContextPersistsUntilTheNextContext) {
    const char* out =
        "/inc/tpipe.h: In instantiation of 'bool TPipe::InitBuffer(T&) [with T = int]':\n"
        "/work/op_kernel/k.cpp:20:5:   required from here\n"
        "/inc/tpipe.h:50:10: error: request for member 'Init' in 'que', which is of non-class type 'int'\n"
        "/inc/tpipe.h:51:10: error: request for member 'Bind' in 'que', which is of non-class type 'int'\n"
        "/inc/other.h: In function 'void Other()':\n"
        "/inc/other.h:9:3: error: 'x' was not declared in this scope\n";
    const CompileErrorSummary s = ClassifyCompileErrors(out, {"/work/op_kernel"});
    ASSERT_EQ(s.errors.size(), 3u);
    EXPECT_TRUE(s.errors[0].inUserCode);
    EXPECT_EQ(s.errors[0].line, 20);
    EXPECT_TRUE(s.errors[1].inUserCode);
    EXPECT_EQ(s.errors[1].line, 20);
    EXPECT_FALSE(s.errors[2].inUserCode);
    EXPECT_EQ(s.errors[2].file, "/inc/other.h");
    EXPECT_EQ(s.cls, "compile.memory_object");
}

// Observed from g++ 12 without -w: narrowing a constant in braces is an error.
TEST(CompileErrorsText, NarrowingIsDtype) {
    const char* out = "/work/op_kernel/n.cpp: In function \xE2\x80\x98void f()\xE2\x80\x99:\n"
                      "/work/op_kernel/n.cpp:1:27: error: narrowing conversion of \xE2\x80\x98" "300\xE2\x80\x99 from "
                      "\xE2\x80\x98int\xE2\x80\x99 to \xE2\x80\x98unsigned char\xE2\x80\x99 [-Wnarrowing]\n";
    const CompileErrorSummary s = ClassifyCompileErrors(out, {"/work/op_kernel"});
    ASSERT_EQ(s.errors.size(), 1u);
    EXPECT_EQ(s.errors[0].message, "narrowing conversion of '300' from 'int' to 'unsigned char' [-Wnarrowing]");
    EXPECT_EQ(s.cls, "compile.dtype_cast");
}

// Without debug info ld names the object's source and a section offset instead of a line.
TEST(CompileErrorsText, LinkerErrorWithoutLine) {
    const char* out =
        "/usr/bin/ld: /tmp/ccvciW1Y.o: in function `add_custom':\n"
        "/usr/bin/ld: /work/op_kernel/k.cpp:(.text+0x1d): undefined reference to `ComputeTile(float*)'\n"
        "collect2: error: ld returned 1 exit status\n";
    const CompileErrorSummary s = ClassifyCompileErrors(out, {"/work/op_kernel"});
    ASSERT_EQ(s.errors.size(), 1u);
    EXPECT_EQ(s.errors[0].line, 0);
    EXPECT_TRUE(s.errors[0].inUserCode);
    EXPECT_EQ(s.firstLine, "k.cpp: undefined reference to 'ComputeTile(float*)'");
    EXPECT_EQ(s.cls, "compile.api_signature");
}

// Errors of the toolchain invocation itself are not the candidate's.
TEST(CompileErrorsText, ToolchainErrorsAreOther) {
    const char* out =
        "/usr/bin/ld: cannot find -lakg_sim: No such file or directory\n"
        "collect2: error: ld returned 1 exit status\n";
    const CompileErrorSummary s = ClassifyCompileErrors(out, {"/work/op_kernel"});
    ASSERT_EQ(s.errors.size(), 1u);
    EXPECT_EQ(s.errors[0].file, "ld");
    EXPECT_EQ(s.cls, "compile.other");
    EXPECT_EQ(s.firstLine, "ld: cannot find -lakg_sim: No such file or directory");

    const CompileErrorSummary only = ClassifyCompileErrors("collect2: error: ld returned 1 exit status\n", {});
    ASSERT_EQ(only.errors.size(), 1u);
    EXPECT_EQ(only.cls, "compile.other");

    const CompileErrorSummary missing =
        ClassifyCompileErrors("g++: error: /work/op_kernel/k.cpp: No such file or directory\n", {"/work/op_kernel"});
    ASSERT_EQ(missing.errors.size(), 1u);
    EXPECT_EQ(missing.cls, "compile.other");
}

TEST(CompileErrorsText, FatalErrorMissingHeader) {
    const char* out =
        "/work/op_kernel/k.cpp:2:10: fatal error: lib/matmul_intf.h: No such file or directory\n"
        "    2 | #include \"lib/matmul_intf.h\"\n"
        "      |          ^~~~~~~~~~~~~~~~~~~\n"
        "compilation terminated.\n";
    const CompileErrorSummary s = ClassifyCompileErrors(out, {"/work/op_kernel"});
    ASSERT_EQ(s.errors.size(), 1u);
    EXPECT_EQ(s.cls, "compile.api_signature");
    EXPECT_EQ(s.firstLine, "k.cpp:2: lib/matmul_intf.h: No such file or directory");
}

TEST(CompileErrorsText, RulesAreOrderedFirstMatchWins) {
    // Both "no matching function" and the note qualify; the note-refined rows come first.
    EXPECT_EQ(ClassifyCompileMessage("no matching function for call to 'f(int)'",
                                     {"  deduced conflicting types for parameter 'T' ('float' and 'int')"}),
              "compile.dtype_cast");
    EXPECT_EQ(ClassifyCompileMessage("no matching function for call to 'f(int)'", {"  candidate expects 1 argument"}),
              "compile.api_signature");
    EXPECT_EQ(ClassifyCompileMessage("'Tile' in namespace 'AscendC' does not name a type"), "compile.api_signature");
    EXPECT_EQ(ClassifyCompileMessage("'Tile' does not name a type"), "compile.scope_lifetime");
    EXPECT_EQ(ClassifyCompileMessage("static assertion failed: Add: data type not supported on this SoC"),
              "compile.dtype_cast");
    EXPECT_EQ(ClassifyCompileMessage("static assertion failed: GetBitCount counts 0 or 1 bits"), "compile.other");
    EXPECT_EQ(ClassifyCompileMessage("something new"), "compile.other");
}

}  // namespace
}  // namespace akg::harness

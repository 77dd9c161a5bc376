// aclnn's base declarations: status codes, the handle types (aclnn/acl_meta.h) and the executor
// handle every aclnnXxxGetWorkspaceSize / aclnnXxx pair passes between its two phases.
#pragma once

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

struct aclOpExecutor;

// Status codes of the aclnn interface (CANN's documented numbering).
constexpr aclnnStatus ACLNN_SUCCESS = 0;
constexpr aclnnStatus ACLNN_ERR_PARAM_NULLPTR = 161001;
constexpr aclnnStatus ACLNN_ERR_PARAM_INVALID = 161002;
constexpr aclnnStatus ACLNN_ERR_RUNTIME_ERROR = 361001;
constexpr aclnnStatus ACLNN_ERR_INNER = 561000;
constexpr aclnnStatus ACLNN_ERR_INNER_INFERSHAPE_ERROR = 561001;
constexpr aclnnStatus ACLNN_ERR_INNER_TILING_ERROR = 561002;
constexpr aclnnStatus ACLNN_ERR_INNER_FIND_KERNEL_ERROR = 561003;
constexpr aclnnStatus ACLNN_ERR_INNER_CREATE_EXECUTOR = 561101;
constexpr aclnnStatus ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR = 561102;
constexpr aclnnStatus ACLNN_ERR_INNER_NULLPTR = 561103;
constexpr aclnnStatus ACLNN_ERR_INNER_WRONG_ATTR_INFO_SIZE = 561104;
constexpr aclnnStatus ACLNN_ERR_INNER_KEY_CONFILICT = 561105;
constexpr aclnnStatus ACLNN_ERR_INNER_INVALID_IMPL_MODE = 561106;
constexpr aclnnStatus ACLNN_ERR_INNER_OPP_PATH_NOT_FOUND = 561107;
constexpr aclnnStatus ACLNN_ERR_INNER_LOAD_JSON_FAILED = 561108;

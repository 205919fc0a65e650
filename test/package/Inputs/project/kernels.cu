// Not compiled by this project (CUDA is not enabled); see CMakeLists.txt.
__global__ void noop() {}

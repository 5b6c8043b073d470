/* gst-cudapreproc: meson.build compiles this at configure time to find a
 * host compiler nvcc takes with this system's headers (libm's among them:
 * glibc 2.43 declares rsqrt as CUDA 13.0's headers do not). */
#include <math.h>

__global__ void
probe (float *p)
{
  p[0] = sqrtf (p[0]);
}

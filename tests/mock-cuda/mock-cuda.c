/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* A mock CUDA driver: a strict libcuda.so.1 that runs on a machine with no
 * GPU and no NVIDIA driver, so that the real libgstcuda 1.22 and the CUDA
 * path of the element can be tested there.
 *
 * Use
 *   LD_LIBRARY_PATH=<build>/tests/mock-cuda <program>
 * gst_cuda_load_library () then g_module_open ()s this library instead of
 * the driver.  Nothing links it.  meson exports mock_cuda_dir (that folder),
 * mock_cuda_lib (the target, for `depends`) and mock_cuda_inc (mock-cuda.h,
 * the test API: counters and an explicit leak check).
 *
 * What is mocked
 *  - every entry point libgstcuda 1.22 to 1.28 resolves (mock-cuda.map
 *    lists them, with the exact, mostly _v2, names: 40 in 1.22, 92 in 1.26,
 *    93 in 1.28), plus cuCtxGetCurrent;
 *  - those of 1.24+ that the library or the element call on the tests'
 *    paths with real semantics (mock-async.c: cuCtxSynchronize,
 *    cuCtx[GS]etLimit, events, the stream-ordered allocator and pools;
 *    mock-copy.c: the 1D copies and the 2D memsets; cuDeviceGetUuid), the
 *    others (virtual memory, IPC, external memory and semaphores)
 *    CUDA_ERROR_NOT_SUPPORTED with "mock-cuda: unsupported: <name>" once
 *    (mock-unsupported.c);
 *  - devices: MOCK_CUDA_DEVICES of them, "Mock CUDA Device <n>", compute
 *    capability MOCK_CUDA_CC (8.6), the attributes of an Ampere GPU
 *    (texture alignment
 *    512, max grid 2147483647 x 65535 x 65535, block 1024 x 1024 x 64, warp
 *    32, ...); CUdevice n is ordinal n;
 *  - contexts, with a stack of current contexts per thread, and peer access
 *    between contexts of different devices;
 *  - memory in host memory (mock-memory.c): a CUdeviceptr is a synthetic,
 *    non-canonical address that faults if the host dereferences it, and is
 *    translated inside the mock only; cuMemAllocPitch pitches are the width
 *    rounded up to 512; new memory is filled with 0xa5, not zeroed;
 *  - deferred work, as on a GPU (mock-stream.c): launches, asynchronous
 *    copies (device or pinned memory) and memsets are queued on their
 *    stream and run only when something waits for them: cuStreamSynchronize,
 *    cuCtxSynchronize, cuEventSynchronize (what preceded the record), an
 *    operation ordered after them (same stream; cuStreamWaitEvent; the
 *    legacy NULL stream: a synchronous copy or any NULL-stream operation
 *    first runs the earlier work of the context's blocking streams, a
 *    non-blocking stream's work is not ordered with it), cuMemFree_v2 /
 *    cuMemFreeHost (they synchronize the device); asynchronous copies with
 *    pageable host memory complete before they return.  A reader not
 *    ordered after its producer sees the old bytes.  Streams count their
 *    queued work (mock_cuda_get_pending ());
 *  - sticky errors: a kernel fault (MOCK_CUDA_FAIL=kernel-fault, raised
 *    when the queued launch runs) drops the context's queued work, and every
 *    later call in that context returns CUDA_ERROR_ILLEGAL_ADDRESS (except
 *    the context stack calls, cuCtxDestroy_v2 and the device queries) until
 *    it is destroyed; its objects are then released without a leak report;
 *  - modules: cuModuleLoadData reads the fat binary container (its entries'
 *    kind, SASS or PTX, architecture and PTX ISA version, mock-module.c)
 *    or PTX text, and refuses an image with neither SASS for the device's
 *    compute capability (same major, minor <= the device's) nor PTX of an
 *    architecture <= it that the driver can compile (driver CUDA version >=
 *    the PTX's toolkit version; SASS needs a driver of at least the
 *    toolkit's major version): CUDA_ERROR_UNSUPPORTED_PTX_VERSION when an
 *    entry for the device exists but the driver is too old, else
 *    CUDA_ERROR_NO_BINARY_FOR_GPU.  A module holds the engine's kernel,
 *    its launch-table entry points (src/prep-kernel-args.h), run on the
 *    host by prep_kernel_host_launch (): the only kernel the mock knows
 *    and links;
 *  - kernels the program brings: any other name given to
 *    cuModuleGetFunction is looked up, with dlsym (RTLD_DEFAULT), as the
 *    descriptor mock_cuda_kernel_<name> that the program (the executable
 *    or a library of the global scope) exports: a MockCudaKernel
 *    (mock-cuda.h: the naming rule, the layout, how to export it) giving
 *    its arguments, which of them are device pointers, their extents and
 *    its host build.  The mock links none of that code (the GPU benchmark's
 *    chain kernels come this way from tools/bench-gpu/chain-kernels-host.c;
 *    selftest.c exports one of its own).  No descriptor:
 *    CUDA_ERROR_NOT_FOUND;
 *  - textures and OpenGL interop: CUDA_ERROR_NOT_SUPPORTED.
 *
 * Strictness
 * A contract violation prints "mock-cuda: FATAL: <call>: <what>" (pointer,
 * size, the allocation concerned) and a backtrace on stderr, then abort ()s:
 *  - a copy whose rows (with their pitches) leave the live allocation they
 *    start in, on either side: device memory (of any live context: unified
 *    addressing), or pinned host memory; a device pointer given as host
 *    memory or the reverse; NULL pointers (mock-copy.c);
 *  - an engine kernel's launch whose kernel table, planes (as far as each
 *    slot's taps reach) or tensor leave a live allocation of the current
 *    context (or of a peer it has access to), or whose tensor overlaps
 *    the table or a plane; the same for a
 *    program's kernel, with each pointer argument's extent as its
 *    descriptor computes it (MockCudaKernel.extents: 0, i.e. invalid
 *    arguments, is fatal too) and its output against its inputs; a NULL
 *    kernelParams slot; a descriptor the mock cannot use (another ABI, a
 *    wrong name, counts or indices out of range);
 *  - use after free, double free, freeing from inside an allocation, freeing
 *    memory while another context is current;
 *  - a call that needs a context (memory, copies, streams, modules, launches,
 *    peer access) without a current one, or with a destroyed one current;
 *    popping an empty context stack; more than 64 nested pushes;
 *  - an invalid, destroyed or wrong-kind handle (context, stream, module,
 *    function); a stream, module or function used while another context
 *    than its own is current.
 * Bad arguments the real driver rejects (NULL outputs, zero sizes, bad
 * flags, bad launch geometry, pitch < width, kernelParams NULL or extra
 * given, calls before cuInit) return its error code, with a
 * "mock-cuda: warning:" line when the cause is not obvious.
 *
 * Leaks
 * At process exit (an ELF destructor, so after main () returns and after
 * the atexit handlers, among which gst-check's gst_deinit ()), every context,
 * stream, module, device or pinned allocation the process created and still
 * holds is listed ("mock-cuda: LEAK: ...") and the process exits with status
 * 99; so are the objects a context still owned when cuCtxDestroy_v2 destroyed
 * it.  A plain program must therefore release everything (and call
 * gst_deinit ()) before it returns.  Objects inherited across fork () are the
 * parent's and not reported by the child; abort () and _exit () skip the
 * check.  mock_cuda_check_leaks () runs the same report on demand.
 *
 * Environment (read once per process, at its first call into the mock, so
 * a forked child may still set it if the parent never called the driver; a
 * malformed value aborts)
 *  MOCK_CUDA_DEVICES=N       number of devices (default 1; 0: cuInit succeeds
 *                            and cuDeviceGetCount returns 0)
 *  MOCK_CUDA_FAIL=k[,k...]   inject failures into calls of these kinds:
 *                              init      cuInit -> CUDA_ERROR_NO_DEVICE
 *                              ctx       cuCtxCreate_v2 -> OUT_OF_MEMORY
 *                              alloc     cuMemAlloc_v2, cuMemAllocPitch_v2,
 *                                        cuMemAlloc[FromPool]Async
 *                                        -> CUDA_ERROR_OUT_OF_MEMORY
 *                              hostalloc cuMemAllocHost_v2 -> OUT_OF_MEMORY
 *                              copy      cuMemcpy*, cuMemsetD2D*
 *                                        -> CUDA_ERROR_ILLEGAL_ADDRESS
 *                              stream    cuStreamCreate -> OUT_OF_MEMORY
 *                              module    cuModuleLoadData
 *                                        -> CUDA_ERROR_NO_BINARY_FOR_GPU
 *                              image     cuModuleLoadData
 *                                        -> CUDA_ERROR_INVALID_IMAGE
 *                              launch    cuLaunchKernel
 *                                        -> CUDA_ERROR_LAUNCH_FAILED
 *                              sync      cuStreamSynchronize,
 *                                        cuCtxSynchronize, cuEventSynchronize
 *                                        -> CUDA_ERROR_LAUNCH_FAILED
 *                              kernel-fault  a queued launch, when it runs
 *                                        -> CUDA_ERROR_ILLEGAL_ADDRESS from
 *                                        then on in its context (sticky)
 *                              push      cuCtxPushCurrent_v2
 *                                        -> CUDA_ERROR_INVALID_CONTEXT
 *                                        (nothing pushed)
 *                            (a call fails only once its arguments passed
 *                            the checks; each kind counts its own calls)
 *  MOCK_CUDA_FAIL_AFTER=N    the first N calls of each kind succeed
 *                            (default 0: the first call already fails)
 *  MOCK_CUDA_FAIL_COUNT=M    then M calls fail, the later ones succeed
 *                            (default: all fail); AFTER=2 COUNT=1 fails
 *                            only the third call
 *  MOCK_CUDA_PEER=0|1        peer access between different devices (1)
 *  MOCK_CUDA_DRIVER_VERSION  cuDriverGetVersion, 1000 * major + 10 * minor
 *                            (default: cuda.h's CUDA_VERSION): the PTX and
 *                            SASS it can load
 *  MOCK_CUDA_CC=M.m[,M.m...] compute capability of each device (one value:
 *                            all; a list: device n gets entry n, the last
 *                            one repeats; default 8.6): the
 *                            COMPUTE_CAPABILITY_MAJOR/MINOR attributes and
 *                            the SASS/PTX cuModuleLoadData accepts
 *  MOCK_CUDA_FILL=B|none     byte new memory is filled with (0xa5)
 *  MOCK_CUDA_LEAK_CHECK=fail|warn|off   at exit: exit 99 / report / nothing
 *  MOCK_CUDA_TRACE=1         one stderr line per driver call
 *  MOCK_CUDA_STATS=1         print the counters at exit (they are always
 *                            kept: mock_cuda_get_stats (), mock-cuda.h)
 * Tests can also arm failures at run time (mock_cuda_fail ()), read the
 * queued work (mock_cuda_get_pending ()) and the context stack depth
 * (mock_cuda_get_context_depth ()); mock-cuda-check.h has the gst-check
 * assertions built on them.
 *
 * Thread safety: one global mutex around every entry point; kernels run
 * under it too (the host build of the kernel keeps blockIdx & co in
 * globals); the context stacks are thread-local; the lock is held across
 * fork ().
 *
 * Self-test: selftest.c (meson test mock-cuda-selftest). */

#include "mock-state.h"

#include <stdio.h>
#include <string.h>

CUresult CUDAAPI
cuInit (unsigned int Flags)
{
  const char *call = "cuInit";
  CUresult ret = CUDA_SUCCESS;

  mock_enter (call);
  mock_state.stats.init_calls++;
  if (Flags != 0)
    ret = CUDA_ERROR_INVALID_VALUE;
  else if (mock_inject (MOCK_FAIL_INIT, call))
    ret = CUDA_ERROR_NO_DEVICE;
  else
    mock_state.initialized = 1;
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuDriverGetVersion (int *driverVersion)
{
  CUresult ret = CUDA_ERROR_INVALID_VALUE;

  mock_enter ("cuDriverGetVersion");
  if (driverVersion != NULL) {
    *driverVersion = mock_state.config.driver_version;
    ret = CUDA_SUCCESS;
  }
  mock_leave ();
  return ret;
}

/* ------------------------------------------------------------------------ */
/* Devices */

CUresult CUDAAPI
cuDeviceGetCount (int *count)
{
  const char *call = "cuDeviceGetCount";
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret == CUDA_SUCCESS && count == NULL)
    ret = CUDA_ERROR_INVALID_VALUE;
  if (ret == CUDA_SUCCESS)
    *count = mock_state.config.n_devices;
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuDeviceGet (CUdevice * device, int ordinal)
{
  const char *call = "cuDeviceGet";
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret == CUDA_SUCCESS && device == NULL)
    ret = CUDA_ERROR_INVALID_VALUE;
  else if (ret == CUDA_SUCCESS && !mock_device_valid (ordinal))
    ret = CUDA_ERROR_INVALID_DEVICE;
  if (ret == CUDA_SUCCESS)
    *device = ordinal;
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuDeviceGetName (char *name, int len, CUdevice dev)
{
  const char *call = "cuDeviceGetName";
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret == CUDA_SUCCESS && (name == NULL || len <= 0))
    ret = CUDA_ERROR_INVALID_VALUE;
  else if (ret == CUDA_SUCCESS && !mock_device_valid (dev))
    ret = CUDA_ERROR_INVALID_DEVICE;
  if (ret == CUDA_SUCCESS)
    snprintf (name, (size_t) len, "Mock CUDA Device %d", (int) dev);
  mock_leave ();
  return ret;
}

/* An Ampere GPU (GA102 class) of compute capability MOCK_CUDA_CC (8.6);
 * attributes not listed read 0. */
static int
attribute_value (CUdevice_attribute attrib, CUdevice dev)
{
  switch (attrib) {
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X:
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y:
      return 1024;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z:
      return 64;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X:
      return 2147483647;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y:
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z:
      return 65535;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK:
      return 49152;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
      return 101376;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR:
      return 102400;
    case CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY:
      return 65536;
    case CU_DEVICE_ATTRIBUTE_WARP_SIZE:
      return 32;
    case CU_DEVICE_ATTRIBUTE_MAX_PITCH:
      return 2147483647;
    case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK:
    case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR:
      return 65536;
    case CU_DEVICE_ATTRIBUTE_CLOCK_RATE:
      return 1695000;
    case CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE:
      return 9751000;
    case CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH:
      return 384;
    case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE:
      return 6291456;
    case CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT:
      return MOCK_PITCH_ALIGN;
    case CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT:
      return 32;
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
      return 82;
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR:
      return 1536;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR:
      return 16;
    case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH:
    case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH:
      return 131072;
    case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT:
    case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT:
      return 65536;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
      return mock_state.config.cc[dev] / 10;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
      return mock_state.config.cc[dev] % 10;
    case CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT:
      return 2;
    case CU_DEVICE_ATTRIBUTE_PCI_BUS_ID:
      return 1 + (int) dev;
    case CU_DEVICE_ATTRIBUTE_GPU_OVERLAP:
    case CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY:
    case CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS:
    case CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING:
    case CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED:
    case CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED:
    case CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED:
      return 1;
    default:
      return 0;
  }
}

CUresult CUDAAPI
cuDeviceGetAttribute (int *pi, CUdevice_attribute attrib, CUdevice dev)
{
  const char *call = "cuDeviceGetAttribute";
  CUresult ret;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret == CUDA_SUCCESS && (pi == NULL || attrib <= 0
          || attrib >= CU_DEVICE_ATTRIBUTE_MAX))
    ret = CUDA_ERROR_INVALID_VALUE;
  else if (ret == CUDA_SUCCESS && !mock_device_valid (dev))
    ret = CUDA_ERROR_INVALID_DEVICE;
  if (ret == CUDA_SUCCESS)
    *pi = attribute_value (attrib, dev);
  mock_leave ();
  return ret;
}

/* ------------------------------------------------------------------------ */
/* Errors: cuGetErrorName / cuGetErrorString work before cuInit. */

typedef struct
{
  CUresult code;
  const char *name;
  const char *text;
} ErrorInfo;

#define ERR(code, text) { code, #code, text }

static const ErrorInfo errors[] = {
  ERR (CUDA_SUCCESS, "no error"),
  ERR (CUDA_ERROR_INVALID_VALUE, "invalid argument"),
  ERR (CUDA_ERROR_OUT_OF_MEMORY, "out of memory"),
  ERR (CUDA_ERROR_NOT_INITIALIZED, "initialization error"),
  ERR (CUDA_ERROR_DEINITIALIZED, "driver shutting down"),
  ERR (CUDA_ERROR_NO_DEVICE, "no CUDA-capable device is detected"),
  ERR (CUDA_ERROR_INVALID_DEVICE, "invalid device ordinal"),
  ERR (CUDA_ERROR_INVALID_IMAGE, "device kernel image is invalid"),
  ERR (CUDA_ERROR_INVALID_CONTEXT, "invalid device context"),
  ERR (CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
      "the provided PTX was compiled with an unsupported toolchain."),
  ERR (CUDA_ERROR_NO_BINARY_FOR_GPU,
      "no kernel image is available for execution on the device"),
  ERR (CUDA_ERROR_PEER_ACCESS_UNSUPPORTED,
      "peer access is not supported between these two devices"),
  ERR (CUDA_ERROR_INVALID_SOURCE, "device kernel image is invalid"),
  ERR (CUDA_ERROR_INVALID_HANDLE, "invalid resource handle"),
  ERR (CUDA_ERROR_NOT_FOUND, "named symbol not found"),
  ERR (CUDA_ERROR_NOT_READY, "device not ready"),
  ERR (CUDA_ERROR_ILLEGAL_ADDRESS,
      "an illegal memory access was encountered"),
  ERR (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "too many resources requested "
      "for launch"),
  ERR (CUDA_ERROR_LAUNCH_FAILED, "unspecified launch failure"),
  ERR (CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED,
      "peer access is already enabled"),
  ERR (CUDA_ERROR_PEER_ACCESS_NOT_ENABLED, "peer access has not been enabled"),
  ERR (CUDA_ERROR_CONTEXT_IS_DESTROYED, "context is destroyed"),
  ERR (CUDA_ERROR_NOT_SUPPORTED, "operation not supported"),
  ERR (CUDA_ERROR_UNKNOWN, "unknown error"),
};

static const ErrorInfo *
error_info (CUresult error)
{
  size_t i;

  for (i = 0; i < sizeof (errors) / sizeof (errors[0]); i++) {
    if (errors[i].code == error)
      return &errors[i];
  }
  return NULL;
}

CUresult CUDAAPI
cuGetErrorName (CUresult error, const char **pStr)
{
  const ErrorInfo *e = error_info (error);

  if (pStr == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *pStr = e != NULL ? e->name : NULL;
  return e != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI
cuGetErrorString (CUresult error, const char **pStr)
{
  const ErrorInfo *e = error_info (error);

  if (pStr == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *pStr = e != NULL ? e->text : NULL;
  return e != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* ------------------------------------------------------------------------ */
/* cuDeviceGetUuid (libgstcuda 1.28): a fixed UUID per device. */

CUresult CUDAAPI
cuDeviceGetUuid (CUuuid * uuid, CUdevice dev)
{
  const char *call = "cuDeviceGetUuid";
  CUresult ret;
  int i;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret == CUDA_SUCCESS && uuid == NULL)
    ret = CUDA_ERROR_INVALID_VALUE;
  else if (ret == CUDA_SUCCESS && !mock_device_valid (dev))
    ret = CUDA_ERROR_INVALID_DEVICE;
  if (ret == CUDA_SUCCESS) {
    for (i = 0; i < 16; i++)
      uuid->bytes[i] = (char) (0x40 + i);
    uuid->bytes[15] = (char) dev;
  }
  mock_leave ();
  return ret;
}

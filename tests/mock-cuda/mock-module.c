/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Modules, functions and kernel launches.
 *
 * cuModuleLoadData accepts an nvcc fat binary (little-endian uint32
 * 0xBA55ED50 at offset 0) or NUL-terminated PTX text starting with "//" or
 * ".version"; the image is not otherwise parsed.  Whatever the image, the
 * module holds the kernel PREP_KERNEL_NAME, whose launch runs the host build
 * of src/prep-kernel.cu (prep_kernel_host_launch) after checking each buffer
 * the kernel may touch (prep_kernel_extents) against the live allocations of
 * the current context (or of peers it has access to).  It also holds the
 * GPU benchmark's chain kernels (tools/bench-gpu/chain-kernels.h), run the
 * same way through their host builds after the same checks of each pointer
 * argument (ChainKernel.extents).  A function object's flags say which
 * kernel it is: an index in kernel_names[]. */

#include "mock-state.h"

#include <stdio.h>
#include <string.h>

#include "prep-kernel.h"
#include "chain-kernels.h"

#define FATBIN_MAGIC 0xBA55ED50u

/* Which kernel parameters are device pointers. */
static const int pointer_slots[] = { PREP_KARG_Y, PREP_KARG_UV, PREP_KARG_DST };

/* The kernels of every module: the fused one first, then the chain's. */
static const char *const kernel_names[] = { PREP_KERNEL_NAME,
  CHAIN_CONVERT_NAME, CHAIN_RESIZE_NAME, CHAIN_NORMALIZE_NAME
};

#define N_KERNELS (sizeof (kernel_names) / sizeof (kernel_names[0]))
#define CHAIN_ARGS_MAX 16

/* Index of @name in kernel_names[], -1 if none. */
static int
kernel_index (const char *name)
{
  unsigned int i;

  for (i = 0; i < N_KERNELS; i++)
    if (strcmp (name, kernel_names[i]) == 0)
      return (int) i;
  return -1;
}

/* Ends module @module and every function of it. */
static void
module_release (uint32_t module)
{
  uint32_t i;

  mock_object (module)->live = 0;
  for (i = 1; i < mock_state.n_objects; i++) {
    MockObject *o = &mock_state.objects[i];

    if (o->kind == MOCK_OBJ_FUNCTION && o->owner == module)
      o->live = 0;
  }
}

static const char *
image_kind (const void *image)
{
  const uint8_t *b = image;
  uint32_t magic = (uint32_t) b[0] | (uint32_t) b[1] << 8
      | (uint32_t) b[2] << 16 | (uint32_t) b[3] << 24;

  if (magic == FATBIN_MAGIC)
    return "fatbin";
  if (strncmp (image, "//", 2) == 0 || strncmp (image, ".version", 8) == 0)
    return "PTX";
  return NULL;
}

unsigned int
mock_module_release_context (uint32_t ctx)
{
  unsigned int n = 0;
  uint32_t i;

  for (i = 1; i < mock_state.n_objects; i++) {
    MockObject *o = &mock_state.objects[i];

    if (o->kind == MOCK_OBJ_MODULE && o->live && o->owner == ctx) {
      module_release (i);
      n++;
    }
  }
  return n;
}

/* A live module of the current context @ctx. */
static MockObject *
module_get (const char *call, CUmodule hmod, uint32_t ctx)
{
  MockObject *m = mock_object (mock_object_lookup (call, "module", hmod,
          MOCK_OBJ_MODULE));

  if (m->owner != ctx)
    mock_fatal (call, "module %p belongs to context %p, but context %p is "
        "current", (void *) hmod, mock_handle (m->owner), mock_handle (ctx));
  return m;
}

CUresult CUDAAPI
cuModuleLoadData (CUmodule * module, const void *image)
{
  const char *call = "cuModuleLoadData";
  const char *kind = NULL;
  CUresult ret;
  uint32_t ctx, id;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  if (module == NULL || image == NULL)
    ret = CUDA_ERROR_INVALID_VALUE;
  else if ((kind = image_kind (image)) == NULL)
    ret = CUDA_ERROR_INVALID_IMAGE;
  else if (mock_inject (MOCK_FAIL_MODULE, call))
    ret = CUDA_ERROR_NO_BINARY_FOR_GPU;
  else if (mock_inject (MOCK_FAIL_IMAGE, call))
    ret = CUDA_ERROR_INVALID_IMAGE;
  if (ret != CUDA_SUCCESS)
    goto out;
  id = mock_object_new (MOCK_OBJ_MODULE, ctx);
  mock_state.stats.modules_loaded++;
  *module = mock_handle (id);
  mock_trace (call, "%s image -> %p", kind, *module);
out:
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuModuleUnload (CUmodule hmod)
{
  const char *call = "cuModuleUnload";
  CUresult ret;
  MockObject *m;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret == CUDA_SUCCESS) {
    m = module_get (call, hmod, mock_require_context (call));
    module_release ((uint32_t) (m - mock_state.objects));
  }
  mock_leave ();
  return ret;
}

CUresult CUDAAPI
cuModuleGetFunction (CUfunction * hfunc, CUmodule hmod, const char *name)
{
  const char *call = "cuModuleGetFunction";
  CUresult ret;
  MockObject *m;
  uint32_t ctx, module, i;
  int k;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  m = module_get (call, hmod, ctx);
  if (hfunc == NULL || name == NULL) {
    ret = CUDA_ERROR_INVALID_VALUE;
  } else if ((k = kernel_index (name)) < 0) {
    ret = CUDA_ERROR_NOT_FOUND;
  } else if (k > 0) {
    /* a chain kernel: one function object per module and kernel */
    module = (uint32_t) (m - mock_state.objects);
    for (i = 1; i < mock_state.n_objects; i++) {
      MockObject *o = &mock_state.objects[i];

      if (o->kind == MOCK_OBJ_FUNCTION && o->live && o->owner == module
          && o->flags == (unsigned int) k)
        break;
    }
    if (i == mock_state.n_objects) {
      i = mock_object_new (MOCK_OBJ_FUNCTION, module);
      mock_object (i)->flags = (unsigned int) k;
    }
    *hfunc = mock_handle (i);
  } else {
    if (m->function == 0) {
      module = (uint32_t) (m - mock_state.objects);
      m->function = mock_object_new (MOCK_OBJ_FUNCTION, module);
      /* mock_object_new may move the table */
      m = mock_object (module);
    }
    *hfunc = mock_handle (m->function);
  }
out:
  mock_leave ();
  return ret;
}

/* ------------------------------------------------------------------------ */
/* Launch */

static int
dims_valid (const char *call, const unsigned int grid[3],
    const unsigned int block[3], unsigned int shared)
{
  static const unsigned int grid_max[3] = { 2147483647u, 65535u, 65535u };
  static const unsigned int block_max[3] = { 1024u, 1024u, 64u };
  int i;

  for (i = 0; i < 3; i++) {
    if (grid[i] == 0 || grid[i] > grid_max[i] || block[i] == 0
        || block[i] > block_max[i]) {
      mock_warn (call, "invalid geometry: grid (%u, %u, %u), block (%u, %u, "
          "%u)", grid[0], grid[1], grid[2], block[0], block[1], block[2]);
      return 0;
    }
  }
  if ((uint64_t) block[0] * block[1] * block[2] > 1024u || shared > 49152u) {
    mock_warn (call, "%u threads per block, %u bytes of shared memory: over "
        "the device's limits", block[0] * block[1] * block[2], shared);
    return 0;
  }
  return 1;
}

typedef struct
{
  const char *name;
  uint64_t addr;
  size_t bytes;
} KernelBuffer;

static int
overlaps (const KernelBuffer * a, const KernelBuffer * b)
{
  return a->bytes > 0 && b->bytes > 0 && a->addr < b->addr + b->bytes
      && b->addr < a->addr + a->bytes;
}

/* Checks the kernel's buffers and runs it with host addresses. */
static void
run_kernel (const char *call, uint32_t ctx, const unsigned int grid[3],
    const unsigned int block[3], void **params)
{
  const PrepParams *p = params[PREP_KARG_PARAMS];
  const PrepSlotTable *slots = params[PREP_KARG_SLOTS];
  int y_stride = *(const int *) params[PREP_KARG_Y_STRIDE];
  int uv_stride = *(const int *) params[PREP_KARG_UV_STRIDE];
  KernelBuffer buf[3] = { {"luma (y)", 0, 0}, {"chroma (uv)", 0, 0},
  {"tensor (dst)", 0, 0}
  };
  void *host[3], *args[PREP_KARG_COUNT];
  PrepDim3 g = { grid[0], grid[1], grid[2] };
  PrepDim3 b = { block[0], block[1], block[2] };
  char what[96];
  int i;

  if (p->out_width <= 0 || p->out_height <= 0 || y_stride <= 0
      || uv_stride <= 0 || grid[2] < 1 || grid[2] > PREP_SLOT_TABLE_SIZE)
    mock_fatal (call, "bad kernel parameters: output %dx%d, strides %d, %d, "
        "%u slots", p->out_width, p->out_height, y_stride, uv_stride, grid[2]);
  prep_kernel_extents (p, slots, (int) grid[2], y_stride, uv_stride,
      &buf[0].bytes, &buf[1].bytes, &buf[2].bytes);
  memcpy (args, params, sizeof (args));
  for (i = 0; i < 3; i++) {
    buf[i].addr = *(const uint64_t *) params[pointer_slots[i]];
    snprintf (what, sizeof (what), "kernel argument %s", buf[i].name);
    host[i] = mock_device_range (call, what, buf[i].addr, buf[i].bytes, ctx);
    args[pointer_slots[i]] = &host[i];
  }
  if (overlaps (&buf[2], &buf[0]) || overlaps (&buf[2], &buf[1]))
    mock_fatal (call, "the tensor [0x%llx, +%zu) overlaps the frame it is "
        "computed from", (unsigned long long) buf[2].addr, buf[2].bytes);
  prep_kernel_host_launch (g, b, args);
}

/* The same for a chain kernel of the GPU benchmark: each pointer argument's
 * extent checked against the live allocations, the output against the
 * inputs, then the host build with host addresses. */
static void
run_chain_kernel (const char *call, uint32_t ctx, const ChainKernel * k,
    const unsigned int grid[3], const unsigned int block[3], void **params)
{
  KernelBuffer buf[CHAIN_MAX_POINTERS];
  size_t bytes[CHAIN_MAX_POINTERS];
  void *host[CHAIN_MAX_POINTERS], *args[CHAIN_ARGS_MAX];
  PrepDim3 g = { grid[0], grid[1], grid[2] };
  PrepDim3 b = { block[0], block[1], block[2] };
  char what[96];
  int i;

  k->extents (params, bytes);
  memcpy (args, params, sizeof (void *) * (size_t) k->n_args);
  for (i = 0; i < k->n_pointers; i++) {
    if (bytes[i] == 0)
      mock_fatal (call, "bad kernel parameters for %s: %s", k->name,
          k->pointer_names[i]);
    buf[i].name = k->pointer_names[i];
    buf[i].addr = *(const uint64_t *) params[k->pointer_slots[i]];
    buf[i].bytes = bytes[i];
    snprintf (what, sizeof (what), "%s argument %s", k->name, buf[i].name);
    host[i] = mock_device_range (call, what, buf[i].addr, buf[i].bytes, ctx);
    args[k->pointer_slots[i]] = &host[i];
  }
  for (i = 0; i < k->n_pointers; i++) {
    if (i != k->output && overlaps (&buf[k->output], &buf[i]))
      mock_fatal (call, "%s: its output %s [0x%llx, +%zu) overlaps its "
          "input %s", k->name, buf[k->output].name,
          (unsigned long long) buf[k->output].addr, buf[k->output].bytes,
          buf[i].name);
  }
  k->host_launch (g, b, args);
}

static CUresult
launch (const char *call, CUfunction f, const unsigned int grid[3],
    const unsigned int block[3], unsigned int shared, CUstream stream,
    void **params, void **extra)
{
  MockObject *fn, *queue;
  const ChainKernel *chain = NULL;
  CUresult ret;
  uint32_t ctx;
  int i, n_args = PREP_KARG_COUNT;

  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    return ret;
  ctx = mock_require_context (call);
  fn = mock_object (mock_object_lookup (call, "function", f,
          MOCK_OBJ_FUNCTION));
  if (mock_object (fn->owner)->owner != ctx)
    mock_fatal (call, "function %p was loaded in context %p, but context %p "
        "is current", (void *) f, mock_handle (mock_object (fn->owner)->owner),
        mock_handle (ctx));
  queue = mock_stream_resolve (call, stream, ctx);
  if (!dims_valid (call, grid, block, shared))
    return CUDA_ERROR_INVALID_VALUE;
  if (params == NULL || extra != NULL) {
    mock_warn (call, "kernelParams must be given and extra must be NULL");
    return CUDA_ERROR_INVALID_VALUE;
  }
  if (fn->flags != 0) {
    chain = chain_kernel_find (kernel_names[fn->flags]);
    if (chain == NULL || chain->n_args > CHAIN_ARGS_MAX)
      mock_fatal (call, "no host build of kernel %s", kernel_names[fn->flags]);
    n_args = chain->n_args;
  }
  for (i = 0; i < n_args; i++) {
    if (params[i] == NULL)
      mock_fatal (call, "kernelParams[%d] is NULL", i);
  }
  if (mock_inject (MOCK_FAIL_LAUNCH, call))
    return CUDA_ERROR_LAUNCH_FAILED;
  if (chain != NULL)
    run_chain_kernel (call, ctx, chain, grid, block, params);
  else
    run_kernel (call, ctx, grid, block, params);
  mock_stream_submit (queue);
  mock_state.stats.launches++;
  memcpy (mock_state.stats.last_grid, grid, 3 * sizeof (unsigned int));
  memcpy (mock_state.stats.last_block, block, 3 * sizeof (unsigned int));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI
cuLaunchKernel (CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
    unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
    void **kernelParams, void **extra)
{
  const unsigned int grid[3] = { gridDimX, gridDimY, gridDimZ };
  const unsigned int block[3] = { blockDimX, blockDimY, blockDimZ };
  CUresult ret;

  mock_enter ("cuLaunchKernel");
  ret = launch ("cuLaunchKernel", f, grid, block, sharedMemBytes, hStream,
      kernelParams, extra);
  mock_leave ();
  return ret;
}

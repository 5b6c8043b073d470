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
 * ".version", when it holds code the device can run (image_check () below:
 * MOCK_CUDA_CC, MOCK_CUDA_DRIVER_VERSION).  Whatever the image, the
 * module holds the engine's kernel, its launch-table entry points
 * (src/prep-kernel-args.h: the specialised ones and the slots entries),
 * whose launches run the host build of src/prep-kernel.cu
 * (prep_kernel_host_launch ()) after checking each buffer the kernel may
 * touch against the live allocations of the current context (or of peers
 * it has access to): the kernel table (as many bytes as its head says),
 * every slot's planes as far as its taps reach (run_karg_kernel () below)
 * and the tensor, which must not overlap the others; an antialiased
 * entry's tile must fit in the launch's shared memory.  That is the only kernel the mock knows.  Any other name
 * is looked up in the program that loaded the mock, never linked by it:
 * the exported descriptor mock_cuda_kernel_<name> (a MockCudaKernel, the
 * rules in mock-cuda.h), found with dlsym (RTLD_DEFAULT) and checked when
 * cuModuleGetFunction first sees it; its launches run its host build the
 * same way, after the same checks of each pointer argument
 * (MockCudaKernel.extents).  A function object's kernel field is the
 * engine's descriptor of its entry point or the program's; no symbol:
 * CUDA_ERROR_NOT_FOUND.
 *
 * A launch is queued on its stream with copies of its parameters and runs
 * later (mock-stream.c), with the checks above; MOCK_CUDA_FAIL=kernel-fault
 * makes it fault then instead (CUDA_ERROR_ILLEGAL_ADDRESS, sticky). */

#define _GNU_SOURCE             /* RTLD_DEFAULT */

#include "mock-state.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prep-kernel.h"
#include "prep-kernel-args.h"
#include "mock-cuda.h"

#define FATBIN_MAGIC 0xBA55ED50u

/* The launch-table entries' parameters (prep-kernel-args.h): PrepKArgs by
 * value, the kernel table, the tensor; run by run_karg_kernel (), which
 * reads the planes inside PrepKArgs and the taps inside the table. */
#define KARG_KERNEL(name) { \
  MOCK_CUDA_KERNEL_ABI, name, PREP_KARG_COUNT, \
  {sizeof (PrepKArgs), sizeof (uint64_t), sizeof (uint64_t)}, \
  2, {PREP_KARG_TABLE, PREP_KARG_DST}, {"table", "dst"}, 1, NULL, NULL \
},
static const MockCudaKernel karg_kernels[] = {
  KARG_KERNEL (PREP_KERNEL_SLOTS_NAME)
      KARG_KERNEL (PREP_KERNEL_SLOTS_AA_NAME)
      KARG_KERNEL (PREP_KERNEL_SLOTS_TAPS_NAME)
#define KARG_SPEC(c, e, l, f) KARG_KERNEL (PREP_KSPEC_NAME (c, e, l, f))
      PREP_KSPEC_FOR_EACH (KARG_SPEC)
#undef KARG_SPEC
};

static int
is_karg_kernel (const MockCudaKernel * k)
{
  return k >= karg_kernels &&
      k < karg_kernels + sizeof (karg_kernels) / sizeof (karg_kernels[0]);
}

/* The engine's entry point named @name, or NULL. */
static const MockCudaKernel *
builtin_lookup (const char *name)
{
  size_t i;

  for (i = 0; i < sizeof (karg_kernels) / sizeof (karg_kernels[0]); i++)
    if (strcmp (name, karg_kernels[i].name) == 0)
      return &karg_kernels[i];
  return NULL;
}

/* Longest kernel name looked up as an exported descriptor. */
#define KERNEL_NAME_MAX 200

/* Whether @name can end a C symbol name: a non-empty identifier. */
static int
is_identifier (const char *name)
{
  size_t i;

  for (i = 0; name[i] != '\0'; i++) {
    char c = name[i];

    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
            || (i > 0 && c >= '0' && c <= '9')))
      return 0;
  }
  return i > 0;
}

/* Aborts unless @k, the descriptor exported for kernel @name, is one the
 * mock can run (the rules: mock-cuda.h). */
static void
descriptor_check (const char *call, const char *name, const MockCudaKernel * k)
{
  int i, j;

  if (k->abi != MOCK_CUDA_KERNEL_ABI)
    mock_fatal (call, "%s%s: descriptor of ABI %u, the mock's is %d",
        MOCK_CUDA_KERNEL_SYMBOL_PREFIX, name, k->abi, MOCK_CUDA_KERNEL_ABI);
  if (k->name == NULL || strcmp (k->name, name) != 0)
    mock_fatal (call, "%s%s: the descriptor names kernel %s",
        MOCK_CUDA_KERNEL_SYMBOL_PREFIX, name, k->name ? k->name : "(null)");
  if (k->n_args < 1 || k->n_args > MOCK_CUDA_KERNEL_MAX_ARGS
      || k->n_pointers < 1 || k->n_pointers > MOCK_CUDA_KERNEL_MAX_POINTERS
      || k->output < 0 || k->output >= k->n_pointers)
    mock_fatal (call, "kernel %s: %d arguments, %d pointers, output %d: out "
        "of range", name, k->n_args, k->n_pointers, k->output);
  if (k->extents == NULL || k->run == NULL)
    mock_fatal (call, "kernel %s: no extents () or run ()", name);
  for (i = 0; i < k->n_args; i++)
    if (k->arg_sizes[i] == 0 || k->arg_sizes[i] > 4096)
      mock_fatal (call, "kernel %s: argument %d of %zu bytes", name, i,
          k->arg_sizes[i]);
  for (i = 0; i < k->n_pointers; i++) {
    int a = k->pointer_args[i];

    if (a < 0 || a >= k->n_args || k->arg_sizes[a] != sizeof (uint64_t)
        || k->pointer_names[i] == NULL)
      mock_fatal (call, "kernel %s: pointer %d is argument %d, of %zu bytes "
          "(a CUdeviceptr has 8), named %s", name, i, a,
          a >= 0 && a < k->n_args ? k->arg_sizes[a] : 0,
          k->pointer_names[i] ? k->pointer_names[i] : "(null)");
    for (j = 0; j < i; j++)
      if (k->pointer_args[j] == a)
        mock_fatal (call, "kernel %s: argument %d is pointer %d and %d",
            name, a, j, i);
  }
}

/* The descriptor the program exports for kernel @name, NULL if none. */
static const MockCudaKernel *
kernel_lookup (const char *call, const char *name)
{
  char symbol[sizeof (MOCK_CUDA_KERNEL_SYMBOL_PREFIX) + KERNEL_NAME_MAX];
  const MockCudaKernel *k;

  if (!is_identifier (name) || strlen (name) > KERNEL_NAME_MAX)
    return NULL;
  snprintf (symbol, sizeof (symbol), "%s%s", MOCK_CUDA_KERNEL_SYMBOL_PREFIX,
      name);
  k = dlsym (RTLD_DEFAULT, symbol);
  if (k == NULL) {
    mock_trace (call, "kernel %s: no %s exported", name, symbol);
    return NULL;
  }
  descriptor_check (call, name, k);
  mock_trace (call, "kernel %s: the program's %s (%d arguments, %d pointers)",
      name, symbol, k->n_args, k->n_pointers);
  return k;
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

/* ------------------------------------------------------------------------ */
/* What an image holds, and whether the device and the driver can run it.
 *
 * The fat binary container (what nvcc -fatbin writes), little-endian:
 *   header (16 bytes): uint32 magic 0xBA55ED50, uint16 version,
 *     uint16 header size, uint64 size of the entries that follow;
 *   each entry: uint16 kind (1: PTX, 2: ELF, i.e. SASS), uint16 version,
 *     uint32 entry header size, uint64 payload size, ..., at offset 24 the
 *     format version (uint16 minor, uint16 major: the PTX ISA version for
 *     PTX) and at offset 28 the architecture (86: sm_86 / compute_86); the
 *     payload (possibly compressed) follows the entry header.
 * PTX text gives its ".version" and ".target sm_NN".
 *
 * A device of compute capability M.m runs SASS of sm_Mn with n <= m, and
 * JIT-compiles PTX of compute_NN <= Mm when the driver's CUDA version is at
 * least the PTX's toolkit version (its ISA version: 9.0 is CUDA 13.0, 8.8
 * 12.9, ..., 8.0 12.0, 7.x 11.x).  SASS made by a toolkit of a newer major
 * version than the driver's (the toolkit of the PTX in the same container)
 * does not load either.  Nothing usable: CUDA_ERROR_UNSUPPORTED_PTX_VERSION
 * when an entry for the device exists but the driver is too old, else
 * CUDA_ERROR_NO_BINARY_FOR_GPU. */

#define FATBIN_KIND_PTX 1
#define FATBIN_KIND_ELF 2

typedef struct
{
  int n_sass, n_ptx;
  int ptx_cuda;                 /* newest PTX's toolkit version, or 0 */
  int ok, too_old;
  char chosen[32];
} ImageCheck;

static uint32_t
le32 (const uint8_t * b)
{
  return (uint32_t) b[0] | (uint32_t) b[1] << 8 | (uint32_t) b[2] << 16
      | (uint32_t) b[3] << 24;
}

static uint64_t
le64 (const uint8_t * b)
{
  return (uint64_t) le32 (b) | (uint64_t) le32 (b + 4) << 32;
}

/* The CUDA version (1000 * major + 10 * minor) of PTX ISA @major.@minor. */
static int
ptx_cuda_version (int major, int minor)
{
  if (major >= 9)
    return 13000 + (major - 9) * 1000 + minor * 10;
  if (major == 8)
    return 12000 + (minor <= 5 ? minor : minor + 1) * 10;
  if (major == 7)
    return 11000 + minor * 10;
  if (major == 6)
    return minor <= 2 ? 9000 + minor * 10 : 10000 + (minor - 3) * 10;
  return 9000;
}

static void
check_ptx (ImageCheck * c, int arch, int cuda, int cc, int driver)
{
  c->n_ptx++;
  if (arch > cc)
    return;
  if (driver >= cuda) {
    if (!c->ok)
      snprintf (c->chosen, sizeof (c->chosen), "PTX compute_%d", arch);
    c->ok = 1;
  } else {
    c->too_old = 1;
  }
}

/* Parses the container at @image; 0 when it is malformed. */
static int
fatbin_check (const uint8_t * image, int cc, int driver, ImageCheck * c)
{
  uint64_t size = le64 (image + 8), off, end;
  int pass, hdr = image[6] | image[7] << 8;

  if (hdr < 16 || size > (1ull << 32))
    return 0;
  end = (uint64_t) hdr + size;
  /* pass 0: the PTX entries (their toolkit); pass 1: the SASS ones */
  for (pass = 0; pass < 2; pass++) {
    for (off = (uint64_t) hdr; off + 32 <= end;) {
      const uint8_t *e = image + off;
      int kind = e[0] | e[1] << 8;
      uint32_t ehs = le32 (e + 4);
      uint64_t payload = le64 (e + 8);
      uint32_t ver = le32 (e + 24);
      int arch = (int) le32 (e + 28);

      if (ehs < 32 || payload > end - off - ehs)
        return 0;
      if (pass == 0 && kind == FATBIN_KIND_PTX) {
        int cuda = ptx_cuda_version ((int) (ver >> 16), (int) (ver & 0xffff));

        if (cuda > c->ptx_cuda)
          c->ptx_cuda = cuda;
        check_ptx (c, arch, cuda, cc, driver);
      } else if (pass == 1 && kind == FATBIN_KIND_ELF) {
        c->n_sass++;
        if (arch / 10 == cc / 10 && arch % 10 <= cc % 10) {
          if (c->ptx_cuda != 0 && driver / 1000 < c->ptx_cuda / 1000) {
            c->too_old = 1;
          } else {
            if (!c->ok)
              snprintf (c->chosen, sizeof (c->chosen), "SASS sm_%d", arch);
            c->ok = 1;
          }
        }
      } else if (kind != FATBIN_KIND_PTX && kind != FATBIN_KIND_ELF) {
        return 0;
      }
      off += ehs + payload;
    }
  }
  return 1;
}

static void
ptx_text_check (const char *text, int cc, int driver, ImageCheck * c)
{
  const char *v = strstr (text, ".version"), *t = strstr (text, ".target");
  int major = 0, minor = 0, arch = 0;

  if (v == NULL || sscanf (v, ".version %d.%d", &major, &minor) != 2)
    major = 9;
  if (t == NULL || sscanf (t, ".target sm_%d", &arch) != 1)
    arch = 0;
  check_ptx (c, arch, ptx_cuda_version (major, minor), cc, driver);
}

/* CUDA_SUCCESS when the device of @ctx can run @image of @kind. */
static CUresult
image_check (const char *call, const void *image, const char *kind,
    uint32_t ctx)
{
  int cc = mock_state.config.cc[mock_object (ctx)->device];
  int driver = mock_state.config.driver_version;
  ImageCheck c;

  memset (&c, 0, sizeof (c));
  if (strcmp (kind, "fatbin") == 0) {
    if (!fatbin_check (image, cc, driver, &c)) {
      mock_warn (call, "malformed fat binary container");
      return CUDA_ERROR_INVALID_IMAGE;
    }
  } else {
    ptx_text_check (image, cc, driver, &c);
  }
  if (c.ok) {
    mock_trace (call, "%s image: %s for compute capability %d.%d", kind,
        c.chosen, cc / 10, cc % 10);
    return CUDA_SUCCESS;
  }
  mock_warn (call, "%s image (%d SASS, %d PTX entries, PTX of CUDA %d.%d) "
      "has nothing that compute capability %d.%d with driver CUDA %d.%d "
      "runs", kind, c.n_sass, c.n_ptx, c.ptx_cuda / 1000,
      c.ptx_cuda % 1000 / 10, cc / 10, cc % 10, driver / 1000,
      driver % 1000 / 10);
  return c.too_old ? CUDA_ERROR_UNSUPPORTED_PTX_VERSION :
      CUDA_ERROR_NO_BINARY_FOR_GPU;
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
  else
    ret = image_check (call, image, kind, ctx);
  if (ret != CUDA_SUCCESS)
    goto out;
  if (mock_inject (MOCK_FAIL_MODULE, call))
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
cuModuleGetFunction (CUfunction * hfunc, CUmodule hmod, const char *name)
{
  const char *call = "cuModuleGetFunction";
  CUresult ret;
  const MockCudaKernel *k = NULL;
  MockObject *m;
  uint32_t ctx, module, i;

  mock_enter (call);
  ret = mock_check_init (call);
  if (ret != CUDA_SUCCESS)
    goto out;
  ctx = mock_require_context (call);
  m = module_get (call, hmod, ctx);
  if (hfunc == NULL || name == NULL) {
    ret = CUDA_ERROR_INVALID_VALUE;
    goto out;
  }
  k = builtin_lookup (name);
  k = k != NULL ? k : kernel_lookup (call, name);
  if (k == NULL) {
    ret = CUDA_ERROR_NOT_FOUND;
    goto out;
  }
  /* one function object per module and kernel */
  module = (uint32_t) (m - mock_state.objects);
  for (i = 1; i < mock_state.n_objects; i++) {
    MockObject *o = &mock_state.objects[i];

    if (o->kind == MOCK_OBJ_FUNCTION && o->live && o->owner == module
        && o->kernel == k)
      break;
  }
  if (i == mock_state.n_objects) {
    i = mock_object_new (MOCK_OBJ_FUNCTION, module);
    mock_object (i)->kernel = k;
  }
  *hfunc = mock_handle (i);
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

/* The device memory one launch touches: each buffer's name and device
 * range, kept as it is checked; the engine's kernel has the most (its
 * table's head and whole, 3 planes per slot, the tensor). */
#define LAUNCH_BUFFERS_MAX (3 * PREP_SLOT_TABLE_SIZE + 3)

typedef struct
{
  const char *name;
  uint64_t addr;
  size_t bytes;
} KernelBuffer;

typedef struct
{
  const char *kernel;           /* its name, in messages */
  KernelBuffer buf[LAUNCH_BUFFERS_MAX];
  int n;
} LaunchBuffers;

_Static_assert (MOCK_CUDA_KERNEL_MAX_POINTERS <= LAUNCH_BUFFERS_MAX,
    "a program's kernel's pointers fit in LaunchBuffers");

static int
overlaps (const KernelBuffer * a, const KernelBuffer * b)
{
  return a->bytes > 0 && b->bytes > 0 && a->addr < b->addr + b->bytes
      && b->addr < a->addr + a->bytes;
}

/* The host address of @bytes at device address @addr, the launch's
 * argument @name: fatal unless they lie in a live allocation of @ctx (or
 * of a peer it may access).  Kept in @l for launch_check_output (). */
static void *
launch_buffer (const char *call, uint32_t ctx, LaunchBuffers * l,
    const char *name, uint64_t addr, size_t bytes)
{
  KernelBuffer *b;
  char what[96];

  if (l->n == LAUNCH_BUFFERS_MAX)
    mock_fatal (call, "%s: more than %d buffers", l->kernel,
        LAUNCH_BUFFERS_MAX);
  b = &l->buf[l->n++];
  b->name = name;
  b->addr = addr;
  b->bytes = bytes;
  snprintf (what, sizeof (what), "%s argument %s", l->kernel, name);
  return mock_device_range (call, what, addr, bytes, ctx);
}

/* Fatal when buffer @out of @l, what the kernel writes, overlaps any
 * other, which it reads. */
static void
launch_check_output (const char *call, const LaunchBuffers * l, int out)
{
  const KernelBuffer *o = &l->buf[out];
  int i;

  for (i = 0; i < l->n; i++)
    if (i != out && overlaps (o, &l->buf[i]))
      mock_fatal (call, "%s: its output %s [0x%llx, +%zu) overlaps its "
          "input %s", l->kernel, o->name, (unsigned long long) o->addr,
          o->bytes, l->buf[i].name);
}

/* A kernel the program exports (mock-cuda.h): each pointer argument's
 * extent checked against the live allocations, the output against the
 * inputs, then its host build with host addresses. */
static void
run_program_kernel (const char *call, uint32_t ctx, const MockCudaKernel * k,
    const unsigned int grid[3], const unsigned int block[3], void **params)
{
  static LaunchBuffers l;
  size_t bytes[MOCK_CUDA_KERNEL_MAX_POINTERS] = { 0 };
  void *host[MOCK_CUDA_KERNEL_MAX_POINTERS], *args[MOCK_CUDA_KERNEL_MAX_ARGS];
  MockCudaDim3 g = { grid[0], grid[1], grid[2] };
  MockCudaDim3 b = { block[0], block[1], block[2] };
  int i;

  k->extents (params, bytes);
  memcpy (args, params, sizeof (void *) * (size_t) k->n_args);
  l.kernel = k->name;
  l.n = 0;
  for (i = 0; i < k->n_pointers; i++) {
    if (bytes[i] == 0)
      mock_fatal (call, "bad kernel parameters for %s: %s", k->name,
          k->pointer_names[i]);
    host[i] = launch_buffer (call, ctx, &l, k->pointer_names[i],
        *(const uint64_t *) params[k->pointer_args[i]], bytes[i]);
    args[k->pointer_args[i]] = &host[i];
  }
  launch_check_output (call, &l, k->output);
  k->run (g, b, args);
}

/* A queued launch: the kernel, its geometry and copies of its parameters
 * (the caller's may be gone when it runs). */
typedef struct
{
  const MockCudaKernel *kernel; /* the engine's entry point or the
                                 * program's kernel */
  uint32_t module;              /* the module that holds it */
  unsigned int grid[3], block[3], shared;
  void *params[MOCK_CUDA_KERNEL_MAX_ARGS];
  uint8_t storage[] __attribute__((aligned (16)));      /* the copies */
} QueuedLaunch;

/* The largest source index slot @s reads along each axis (-1: none), from
 * its taps in the kernel table @t (antialiased: its block's PrepAaTap). */
static void
karg_slot_reach (const PrepKTableHead * h, const uint8_t * t,
    const PrepKSlot * s, int aa, int *max_x, int *max_y)
{
  int o, n, *m, hi;

  *max_x = *max_y = -1;
  for (o = 0; o < h->out_width + h->out_height; o++) {
    m = o < h->out_width ? max_x : max_y;
    n = o < h->out_width ? o : o - h->out_width;
    if (aa) {
      const PrepAaTap *a = (const PrepAaTap *) (const void *) (t + (size_t)
          s->col * 16) + o;

      if (!a->inside || a->count < 1)
        continue;
      hi = a->first + a->count - 1;
    } else {
      const PrepTap *p = (const PrepTap *) (const void *) (t + (size_t)
          (o < h->out_width ? s->col : s->row) * 16) + n;

      if (!p->inside)
        continue;
      hi = p->i0 > p->i1 ? p->i0 : p->i1;
    }
    *m = hi > *m ? hi : *m;
  }
}

/* Bytes of plane @plane a slot reads up to source pixel (@max_x, @max_y):
 * each of its components' last sample, at least a whole step (a word load
 * of a pair, a macropixel or a pixel). */
static size_t
karg_plane_bytes (const PrepParams * p, int plane, int stride, int max_x,
    int max_y)
{
  size_t bytes = 0, end, sample = p->wide ? 2 : 1;
  int k;

  for (k = 0; k < 3; k++) {
    const PrepComponent *c = &p->comp[k];

    if (c->plane != plane)
      continue;
    end = (size_t) c->offset + sample;
    end = end > (size_t) c->step ? end : (size_t) c->step;
    end += (size_t) (max_y >> c->shift_y) * (size_t) stride +
        (size_t) (max_x >> c->shift_x) * (size_t) c->step;
    bytes = end > bytes ? end : bytes;
  }
  return bytes;
}

/* An entry point of the engine's kernel: the table (its head says its
 * bytes), each slot's planes (as far as its taps reach) and the tensor
 * checked against the live allocations, the tensor against the others,
 * and given to the host build as host addresses. */
static void
run_karg_kernel (const char *call, uint32_t ctx, const char *entry,
    const unsigned int grid[3], const unsigned int block[3],
    unsigned int shared, void **params)
{
  static PrepKArgs a;
  static LaunchBuffers l;
  const PrepKTableHead *h;
  const PrepKTableSource *src;
  const uint8_t *table;
  PrepDim3 g = { grid[0], grid[1], grid[2] };
  PrepDim3 b = { block[0], block[1], block[2] };
  uint64_t table_dev = *(const uint64_t *) params[PREP_KARG_TABLE];
  size_t dst_bytes, elem;
  int z, k;
  int max_x, max_y, spec = strncmp (entry, "prep_slots_", 11) != 0;
  void *table_host, *dst, *args[PREP_KARG_COUNT];

  memcpy (&a, params[PREP_KARG_ARGS], sizeof a);
  if (grid[2] < 1 || grid[2] > PREP_SLOT_TABLE_SIZE)
    mock_fatal (call, "bad kernel parameters: %u slots", grid[2]);
  l.kernel = entry;
  l.n = 0;
  h = (const PrepKTableHead *) launch_buffer (call, ctx, &l,
      "kernel table's head (table)", table_dev, sizeof (PrepKTableHead));
  if (h->magic != PREP_KTABLE_MAGIC)
    mock_fatal (call, "the kernel table has no PrepKTableHead");
  table = launch_buffer (call, ctx, &l, "kernel table (table)", table_dev,
      (size_t) h->bytes);
  src = (const PrepKTableSource *) (const void *) (table +
      sizeof (PrepKTableHead));
  for (z = 0; z < (int) grid[2]; z++) {
    PrepKSlot *s = &a.slot[z];
    const PrepParams *p = &src[s->source].params;

    if (s->source < 0 || s->source >= h->n_sources)
      mock_fatal (call, "slot %d names source %d of %d", z, s->source,
          h->n_sources);
    if (s->plane[0] == 0)
      continue;
    /* antialiased taps in either slots entry: the one without a tile
     * sums each pixel on its own */
    karg_slot_reach (h, table, s, p->antialias, &max_x, &max_y);
    for (k = 0; k < 3 && max_x >= 0 && max_y >= 0; k++) {
      /* a specialised entry's planes are in component order */
      int plane = spec ? p->comp[k].plane : k;
      size_t bytes = karg_plane_bytes (p, plane, s->stride[k], max_x, max_y);

      if (s->plane[k] != 0 && bytes > 0)
        s->plane[k] = (uint64_t) (uintptr_t) launch_buffer (call, ctx, &l,
            "slot's plane (PrepKArgs)", s->plane[k], bytes);
    }
  }
  elem = a.elem == PREP_ELEM_FLOAT32 ? 4 : (a.elem == PREP_ELEM_FLOAT16 ?
      2 : 1);
  dst_bytes = (size_t) grid[2] * (size_t) a.out_width *
      (size_t) a.out_height * (size_t) a.channels * elem;
  dst = launch_buffer (call, ctx, &l, "tensor (dst)",
      *(const uint64_t *) params[PREP_KARG_DST], dst_bytes);
  launch_check_output (call, &l, l.n - 1);
  table_host = (void *) table;
  args[PREP_KARG_ARGS] = &a;
  args[PREP_KARG_TABLE] = &table_host;
  args[PREP_KARG_DST] = &dst;
  if (prep_kernel_host_launch (entry, g, b, shared, args) != 0)
    mock_fatal (call, "a slot's antialiased tile takes more than the %u "
        "bytes of shared memory the launch gives", shared);
}

/* Runs a queued launch: a fault injected here (MOCK_CUDA_FAIL=kernel-fault)
 * sticks to the context (mock-stream.c), else the kernel runs. */
static void
launch_run (MockOp * op)
{
  QueuedLaunch *l = op->data;

  if (mock_inject (MOCK_FAIL_KERNEL, op->call)) {
    mock_stream_fault (op->ctx, CUDA_ERROR_ILLEGAL_ADDRESS);
    return;
  }
  if (is_karg_kernel (l->kernel))
    run_karg_kernel (op->call, op->ctx, l->kernel->name, l->grid, l->block,
        l->shared, l->params);
  else
    run_program_kernel (op->call, op->ctx, l->kernel, l->grid, l->block,
        l->params);
}

static void
launch_enqueue (const char *call, MockObject * queue, uint32_t ctx,
    uint32_t module, const MockCudaKernel * kernel, const unsigned int grid[3],
    const unsigned int block[3], unsigned int shared, void **params)
{
  const size_t *sizes = kernel->arg_sizes;
  int i, n_args = kernel->n_args;
  QueuedLaunch *l;
  size_t total = 0, off = 0;

  for (i = 0; i < n_args; i++)
    total += (sizes[i] + 15) & ~(size_t) 15;
  l = calloc (1, sizeof (QueuedLaunch) + total);
  if (l == NULL)
    mock_fatal (call, "out of host memory");
  l->kernel = kernel;
  l->module = module;
  memcpy (l->grid, grid, sizeof (l->grid));
  memcpy (l->block, block, sizeof (l->block));
  l->shared = shared;
  for (i = 0; i < n_args; i++) {
    memcpy (l->storage + off, params[i], sizes[i]);
    l->params[i] = l->storage + off;
    off += (sizes[i] + 15) & ~(size_t) 15;
  }
  mock_stream_enqueue (queue, ctx, call, launch_run, l);
}

static CUresult
launch (const char *call, CUfunction f, const unsigned int grid[3],
    const unsigned int block[3], unsigned int shared, CUstream stream,
    void **params, void **extra)
{
  MockObject *fn, *queue;
  CUresult ret;
  uint32_t ctx;
  int i, n_args;

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
  /* the descriptor was checked by cuModuleGetFunction */
  n_args = fn->kernel->n_args;
  for (i = 0; i < n_args; i++) {
    if (params[i] == NULL)
      mock_fatal (call, "kernelParams[%d] is NULL", i);
  }
  if (mock_inject (MOCK_FAIL_LAUNCH, call))
    return CUDA_ERROR_LAUNCH_FAILED;
  launch_enqueue (call, queue, ctx, fn->owner, fn->kernel, grid, block,
      shared, params);
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

/* A module unloaded while launches of its kernels wait in a queue: the
 * driver does not promise to finish them first, so a caller must
 * synchronize before it unloads (fatal). */
static void
module_check_idle (const char *call, uint32_t module)
{
  size_t i;

  for (i = 0; i < mock_state.n_ops; i++) {
    const MockOp *op = mock_state.ops[i];

    if (op != NULL && !op->done && op->run == launch_run &&
        ((const QueuedLaunch *) op->data)->module == module)
      mock_fatal (call, "module %p unloaded while a launch of its kernels "
          "(operation %llu, %s) is still queued: synchronize its stream "
          "first", mock_handle (module), (unsigned long long) op->id, op->call);
  }
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
    module_check_idle (call, (uint32_t) (m - mock_state.objects));
    module_release ((uint32_t) (m - mock_state.objects));
  }
  mock_leave ();
  return ret;
}

/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Self-test of the mock CUDA driver, through the real libgstcuda 1.22:
 * loader, context, GstCudaMemory (CPU and CUDA maps, pool), module and
 * kernel launch against the CPU path, a kernel this program brings
 * (selftest_add: its descriptor exported as mock_cuda_kernel_selftest_add,
 * mock-cuda.h), the loud failures (in forked
 * children, which must die by SIGABRT with the right message), and the
 * environment-driven configurations (in re-executed children).
 *
 * Run with LD_LIBRARY_PATH=<build>/tests/mock-cuda (meson test does).  One
 * line per check ("ok N - ..." / "not ok N - ..."); exits 1 when any check
 * failed.  With --child=NAME it runs one of the re-executed scenarios. */

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gmodule.h>
#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/gstcudabufferpool.h>
#include <gst/cuda/cuda-gst.h>

#include "gstcudapreproc-compat.h"

#include "mock-cuda.h"
#include "prep.h"
#include "prep-kernel.h"
#include "prep-private.h"

#define WIDTH 70                /* odd sizes: rounding in the allocator */
#define HEIGHT 37
#define UV_WIDTH (2 * ((WIDTH + 1) / 2))
#define UV_HEIGHT ((HEIGHT + 1) / 2)
#define OUT_WIDTH 32
#define OUT_HEIGHT 24
#define DEVPTR_BASE 0x0c00000000000000ULL       /* mock-state.h */

static int n_checks;
static int n_failed;
static const char *self_path;   /* argv[0], re-executed for --child= */

static MockCudaGetStatsFunc get_stats;
static MockCudaCheckLeaksFunc check_leaks;
static MockCudaGetContextDepthFunc context_depth;

/* What the checks share (the forked children use it too). */
static struct
{
  GstCudaContext *ctx;
  GstMemory *mem;               /* NV12 WIDTH x HEIGHT */
  CUdeviceptr frame;            /* its device address */
  size_t pitch;
  size_t alloc_height;
  CUmodule module;              /* holds function */
  CUfunction function;
  PrepPlan *plan;
  CUdeviceptr table;            /* device copy of the plan's kernel table */
  CUfunction add;               /* the program's kernel selftest_add */
  guint8 y[WIDTH * HEIGHT];     /* the frame's pattern, tightly packed */
  guint8 uv[UV_WIDTH * UV_HEIGHT];
} fx;

static int
check (int ok, const char *format, ...)
{
  va_list args;

  n_checks++;
  printf ("%sok %d - ", ok ? "" : "not ", n_checks);
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  printf ("\n");
  fflush (stdout);
  if (!ok)
    n_failed++;
  return ok;
}

static MockCudaStats
stats (void)
{
  MockCudaStats s;

  memset (&s, 0, sizeof (s));
  if (get_stats != NULL)
    get_stats (&s, sizeof (s));
  return s;
}

static CUresult
copy_2d (CUmemorytype src_type, const void *src_host, CUdeviceptr src_dev,
    size_t src_pitch, CUmemorytype dst_type, void *dst_host,
    CUdeviceptr dst_dev, size_t dst_pitch, size_t width, size_t height)
{
  CUDA_MEMCPY2D c;

  memset (&c, 0, sizeof (c));
  c.srcMemoryType = src_type;
  c.srcHost = src_host;
  c.srcDevice = src_dev;
  c.srcPitch = src_pitch;
  c.dstMemoryType = dst_type;
  c.dstHost = dst_host;
  c.dstDevice = dst_dev;
  c.dstPitch = dst_pitch;
  c.WidthInBytes = width;
  c.Height = height;
  return CuMemcpy2D (&c);
}

static CUresult
download (CUdeviceptr src, size_t src_pitch, void *dst, size_t width,
    size_t height)
{
  return copy_2d (CU_MEMORYTYPE_DEVICE, NULL, src, src_pitch,
      CU_MEMORYTYPE_HOST, dst, 0, width, width, height);
}

/* ------------------------------------------------------------------------ */
/* 1, 2: loader and context */

static gboolean
find_test_api (void)
{
  GModule *module = g_module_open ("libcuda.so.1", G_MODULE_BIND_LAZY);

  if (module == NULL)
    return FALSE;
  /* the loader holds the library: this handle may be closed */
  g_module_symbol (module, "mock_cuda_get_stats", (gpointer *) & get_stats);
  g_module_symbol (module, "mock_cuda_check_leaks", (gpointer *) & check_leaks);
  g_module_symbol (module, "mock_cuda_get_context_depth",
      (gpointer *) & context_depth);
  g_module_close (module);
  return get_stats != NULL && check_leaks != NULL && context_depth != NULL;
}

static void
test_loader_and_context (void)
{
  MockCudaStats s;
  guint device_id = 99;
  const char *name = NULL;

  if (!check (gst_cuda_load_library (),
          "gst_cuda_load_library () with the mock")
      || !check (find_test_api (), "the libcuda.so.1 loaded is the mock "
          "(its test API is found)")) {
    printf ("# run with LD_LIBRARY_PATH=<build>/tests/mock-cuda\n");
    return;
  }
  fx.ctx = gst_cuda_context_new (0);
  check (fx.ctx != NULL, "gst_cuda_context_new (0)");
  if (fx.ctx == NULL)
    return;
  g_object_get (fx.ctx, "cuda-device-id", &device_id, NULL);
  check (device_id == 0, "context on device 0");
  check (gst_cuda_context_get_texture_alignment (fx.ctx) == 512,
      "texture alignment 512");
  check (CuGetErrorName (CUDA_ERROR_INVALID_IMAGE, &name) == CUDA_SUCCESS
      && g_strcmp0 (name, "CUDA_ERROR_INVALID_IMAGE") == 0,
      "cuGetErrorName (CUDA_ERROR_INVALID_IMAGE)");
  s = stats ();
  check (s.contexts_live == 1 && context_depth () == 0,
      "one context, popped after creation (live %llu, depth %u)",
      (unsigned long long) s.contexts_live, context_depth ());
}

/* ------------------------------------------------------------------------ */
/* 3: GstCudaMemory written through a CPU map, read back with cuMemcpy2D */

static void
make_pattern (void)
{
  int r, c;

  for (r = 0; r < HEIGHT; r++)
    for (c = 0; c < WIDTH; c++)
      fx.y[r * WIDTH + c] = (guint8) (16 + (r * 7 + c * 3) % 220);
  for (r = 0; r < UV_HEIGHT; r++)
    for (c = 0; c < UV_WIDTH; c++)
      fx.uv[r * UV_WIDTH + c] = (guint8) (16 + (r * 11 + c * 5) % 224);
}

static gboolean
write_frame_cpu (GstMemory * mem)
{
  GstCudaMemory *cmem = GST_CUDA_MEMORY_CAST (mem);
  GstMapInfo map;
  int r;

  if (!gst_memory_map (mem, &map, GST_MAP_WRITE))
    return FALSE;
  for (r = 0; r < HEIGHT; r++)
    memcpy (map.data + cmem->info.offset[0] + r * cmem->info.stride[0],
        fx.y + r * WIDTH, WIDTH);
  for (r = 0; r < UV_HEIGHT; r++)
    memcpy (map.data + cmem->info.offset[1] + r * cmem->info.stride[1],
        fx.uv + r * UV_WIDTH, UV_WIDTH);
  gst_memory_unmap (mem, &map);
  return TRUE;
}

static void
test_memory (void)
{
  GstCudaAllocator *allocator;
  GstCudaMemory *cmem;
  GstVideoInfo info;
  GstMapInfo map;
  guint8 y[WIDTH * HEIGHT], uv[UV_WIDTH * UV_HEIGHT];
  CUresult r1, r2;

  gst_cuda_memory_init_once ();
  allocator = (GstCudaAllocator *)
      gst_allocator_find (GST_CUDA_MEMORY_TYPE_NAME);
  check (allocator != NULL, "GstCudaAllocator registered");
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_NV12, WIDTH, HEIGHT);
  fx.mem = gst_cuda_preproc_compat_alloc (allocator, fx.ctx, &info);
  gst_clear_object (&allocator);
  if (!check (fx.mem != NULL && gst_is_cuda_memory (fx.mem),
          "gst_cuda_allocator_alloc () NV12 %dx%d", WIDTH, HEIGHT))
    return;
  cmem = GST_CUDA_MEMORY_CAST (fx.mem);
  fx.pitch = (size_t) cmem->info.stride[0];
  fx.alloc_height = (HEIGHT + 1) / 2 * 2 * 2;
  check (fx.pitch == 512 && cmem->info.stride[1] == 512,
      "pitch rounded up to 512 (%zu)", fx.pitch);
  make_pattern ();
  check (write_frame_cpu (fx.mem), "CPU map for writing (pinned staging)");
  if (!check (gst_memory_map (fx.mem, &map, GST_MAP_READ | GST_MAP_CUDA),
          "GST_MAP_CUDA map (uploads the staging)"))
    return;
  fx.frame = (CUdeviceptr) map.data;
  gst_memory_unmap (fx.mem, &map);
  check (fx.frame >= DEVPTR_BASE, "the CUdeviceptr 0x%llx is a mock device "
      "address, not a host one", (unsigned long long) fx.frame);
  gst_cuda_context_push (fx.ctx);
  r1 = download (fx.frame + cmem->info.offset[0], fx.pitch, y, WIDTH, HEIGHT);
  r2 = download (fx.frame + cmem->info.offset[1], fx.pitch, uv, UV_WIDTH,
      UV_HEIGHT);
  gst_cuda_context_pop (NULL);
  check (r1 == CUDA_SUCCESS && r2 == CUDA_SUCCESS
      && memcmp (y, fx.y, sizeof (y)) == 0
      && memcmp (uv, fx.uv, sizeof (uv)) == 0,
      "cuMemcpy2D reads back what the CPU map wrote (luma and chroma)");
  check (stats ().host_live == 1, "one pinned staging buffer");
}

static void
test_pool (void)
{
  GstBufferPool *pool = gst_cuda_buffer_pool_new (fx.ctx);
  GstStructure *config = gst_buffer_pool_get_config (pool);
  GstCaps *caps = gst_caps_from_string ("video/x-raw(memory:CUDAMemory), "
      "format=NV12, width=640, height=480, framerate=30/1");
  GstBuffer *buf = NULL;
  GstVideoMeta *meta;

  gst_buffer_pool_config_add_option (config, GST_BUFFER_POOL_OPTION_VIDEO_META);
  gst_buffer_pool_config_set_params (config, caps, 640 * 480 * 3 / 2, 2, 0);
  gst_caps_unref (caps);
  check (gst_buffer_pool_set_config (pool, config)
      && gst_buffer_pool_set_active (pool, TRUE), "GstCudaBufferPool active");
  gst_buffer_pool_acquire_buffer (pool, &buf, NULL);
  meta = buf != NULL ? gst_buffer_get_video_meta (buf) : NULL;
  check (meta != NULL && gst_is_cuda_memory (gst_buffer_peek_memory (buf, 0))
      && meta->stride[0] == 1024, "pool buffer: CUDA memory, pitch 1024");
  if (buf != NULL)
    gst_buffer_unref (buf);
  gst_buffer_pool_set_active (pool, FALSE);
  gst_object_unref (pool);
}

/* ------------------------------------------------------------------------ */
/* 4: module and kernel */

/* An nvcc fat binary container (mock-module.c): the 16-byte header, then
 * @n entries of a 64-byte header and 16 bytes of payload: kind (1: PTX, 2:
 * SASS), version (major << 16 | minor) and architecture of each. */
typedef struct
{
  int kind, major, minor, arch;
} FakeEntry;

static guint8 *
fake_fatbin_new (const FakeEntry * e, int n)
{
  guint64 size = (guint64) n * 80;
  guint8 *b = g_malloc0 (16 + size);
  int i;

  GST_WRITE_UINT32_LE (b, 0xba55ed50);
  GST_WRITE_UINT16_LE (b + 4, 1);
  GST_WRITE_UINT16_LE (b + 6, 16);
  GST_WRITE_UINT64_LE (b + 8, size);
  for (i = 0; i < n; i++) {
    guint8 *h = b + 16 + 80 * i;

    GST_WRITE_UINT16_LE (h, e[i].kind);
    GST_WRITE_UINT16_LE (h + 2, 0x0101);
    GST_WRITE_UINT32_LE (h + 4, 64);
    GST_WRITE_UINT64_LE (h + 8, 16);
    GST_WRITE_UINT32_LE (h + 24, (guint32) e[i].major << 16 | e[i].minor);
    GST_WRITE_UINT32_LE (h + 28, e[i].arch);
  }
  return b;
}

/* What the default device (8.6) and driver (cuda.h's CUDA_VERSION) load. */
static void
test_fatbin_contents (void)
{
  static const FakeEntry sass_80[] = { {2, 1, 8, 80} };
  static const FakeEntry sass_75_89[] = { {2, 1, 8, 75}, {2, 1, 8, 89} };
  static const FakeEntry ptx_80[] = { {1, 7, 0, 80} };
  static const FakeEntry ptx_90[] = { {1, 7, 0, 90} };
  static const FakeEntry ptx_new[] = { {1, 99, 0, 80} };
  static const FakeEntry sass_new[] = { {2, 1, 8, 86}, {1, 99, 0, 120} };
  static const struct
  {
    const FakeEntry *e;
    int n;
    CUresult want;
    const char *what;
  } cases[] = {
    {sass_80, 1, CUDA_SUCCESS, "SASS sm_80 runs on 8.6"},
    {sass_75_89, 2, CUDA_ERROR_NO_BINARY_FOR_GPU,
        "SASS sm_75 and sm_89 only: CUDA_ERROR_NO_BINARY_FOR_GPU on 8.6"},
    {ptx_80, 1, CUDA_SUCCESS, "PTX compute_80 (ISA 7.0) is compiled for 8.6"},
    {ptx_90, 1, CUDA_ERROR_NO_BINARY_FOR_GPU,
        "PTX compute_90 only: CUDA_ERROR_NO_BINARY_FOR_GPU on 8.6"},
    {ptx_new, 1, CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
        "PTX of a newer toolkit than the driver: "
          "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"},
    {sass_new, 2, CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
        "SASS of a newer toolkit's major version than the driver's: refused"},
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    guint8 *image = fake_fatbin_new (cases[i].e, cases[i].n);
    CUmodule m = NULL;
    CUresult ret = CuModuleLoadData (&m, image);

    check (ret == cases[i].want, "cuModuleLoadData: %s", cases[i].what);
    if (ret == CUDA_SUCCESS)
      CuModuleUnload (m);
    g_free (image);
  }
}

static void
test_module (CUmodule * module)
{
  static const FakeEntry sass_86[] = { {2, 1, 8, 86} };
  guint8 *fatbin = fake_fatbin_new (sass_86, 1);
  CUmodule other;
  CUfunction f;
  static const char ptx[] = "//\n// mock\n.version 8.0\n.target sm_86\n";
  static const char elf[] = "\177ELF\2\1\1";

  check (CuModuleLoadData (module, fatbin) == CUDA_SUCCESS,
      "cuModuleLoadData accepts a fat binary with SASS sm_86");
  g_free (fatbin);
  test_fatbin_contents ();
  check (CuModuleLoadData (&other, elf) == CUDA_ERROR_INVALID_IMAGE,
      "cuModuleLoadData rejects anything else: CUDA_ERROR_INVALID_IMAGE");
  if (check (CuModuleLoadData (&other, ptx) == CUDA_SUCCESS,
          "cuModuleLoadData accepts PTX text"))
    CuModuleUnload (other);
  check (CuModuleGetFunction (&f, *module, "no_such_kernel") ==
      CUDA_ERROR_NOT_FOUND, "unknown kernel: CUDA_ERROR_NOT_FOUND");
  check (CuModuleGetFunction (&fx.function, *module, PREP_KERNEL_SLOTS_NAME)
      == CUDA_SUCCESS, "cuModuleGetFunction (\"%s\")", PREP_KERNEL_SLOTS_NAME);
}

/* ------------------------------------------------------------------------ */
/* 3b: a kernel the program brings: selftest_add (const uint8_t *src,
 * uint8_t *dst, int n, int add), dst[i] = src[i] + add for i < n, one
 * thread per byte.  The mock does not know it: it finds the exported
 * descriptor below (the link exports mock_cuda_kernel_*:
 * mock-cuda-kernels.list). */

enum
{
  ADD_SRC, ADD_DST, ADD_N, ADD_ADD, ADD_COUNT
};

static void
add_extents (void *const *args, size_t bytes[MOCK_CUDA_KERNEL_MAX_POINTERS])
{
  int n = *(const int *) args[ADD_N];

  bytes[0] = bytes[1] = n > 0 ? (size_t) n : 0;
}

static void
add_run (MockCudaDim3 grid, MockCudaDim3 block, void **args)
{
  const guint8 *src = *(void **) args[ADD_SRC];
  guint8 *dst = *(void **) args[ADD_DST];
  int n = *(const int *) args[ADD_N], add = *(const int *) args[ADD_ADD];
  guint64 i, threads = (guint64) grid.x * block.x;

  for (i = 0; i < threads && i < (guint64) n; i++)
    dst[i] = (guint8) (src[i] + add);
}

const MockCudaKernel MOCK_CUDA_KERNEL (selftest_add) = {
  .abi = MOCK_CUDA_KERNEL_ABI,
  .name = "selftest_add",
  .n_args = ADD_COUNT,
  .arg_sizes = {sizeof (CUdeviceptr), sizeof (CUdeviceptr), sizeof (int),
      sizeof (int)},
  .n_pointers = 2,
  .pointer_args = {ADD_SRC, ADD_DST},
  .pointer_names = {"src", "dst"},
  .output = 1,
  .extents = add_extents,
  .run = add_run,
};

/* A descriptor of another ABI: the mock must refuse it loudly. */
const MockCudaKernel MOCK_CUDA_KERNEL (selftest_bad_abi) = {
  .abi = 999,
  .name = "selftest_bad_abi",
};

/* Launches selftest_add over @n bytes; the context must be pushed. */
static CUresult
launch_add (CUdeviceptr src, CUdeviceptr dst, int n, int add)
{
  void *args[ADD_COUNT] = { &src, &dst, &n, &add };

  return CuLaunchKernel (fx.add, (unsigned int) (n > 0 ? (n + 63) / 64 : 1),
      1, 1, 64, 1, 1, 0, NULL, args, NULL);
}

/* The module is loaded and the context pushed. */
static void
test_program_kernel (void)
{
  guint8 in[100], out[100];
  CUdeviceptr src = 0, dst = 0;
  CUfunction again = NULL, f;
  guint64 launches = stats ().launches;
  int i;

  for (i = 0; i < 100; i++)
    in[i] = (guint8) (i * 7);
  if (!check (CuModuleGetFunction (&fx.add, fx.module, "selftest_add")
          == CUDA_SUCCESS && CuModuleGetFunction (&again, fx.module,
              "selftest_add") == CUDA_SUCCESS && again == fx.add,
          "cuModuleGetFunction (\"selftest_add\"): the exported descriptor, "
          "one function per module"))
    return;
  check (CuModuleGetFunction (&f, fx.module, "selftest-add") ==
      CUDA_ERROR_NOT_FOUND && CuModuleGetFunction (&f, fx.module,
          "selftest_missing") == CUDA_ERROR_NOT_FOUND,
      "no descriptor (or no identifier): CUDA_ERROR_NOT_FOUND");
  check (CuMemAlloc (&src, 100) == CUDA_SUCCESS
      && CuMemAlloc (&dst, 100) == CUDA_SUCCESS
      && copy_2d (CU_MEMORYTYPE_HOST, in, 0, 100, CU_MEMORYTYPE_DEVICE, NULL,
          src, 100, 100, 1) == CUDA_SUCCESS, "two buffers of 100 bytes");
  check (launch_add (src, dst, 100, 3) == CUDA_SUCCESS
      && stats ().launches == launches + 1
      && CuStreamSynchronize (NULL) == CUDA_SUCCESS
      && download (dst, 100, out, 100, 1) == CUDA_SUCCESS,
      "cuLaunchKernel (selftest_add), synchronized, downloaded");
  for (i = 0; i < 100 && out[i] == (guint8) (in[i] + 3); i++);
  check (i == 100, "selftest_add ran its host build: dst = src + 3");
  CuMemFree (src);
  CuMemFree (dst);
}

/* The plan of fx.frame (letterboxed into OUT_WIDTH x OUT_HEIGHT), with
 * @antialias. */
static PrepPlan *
make_plan (gboolean antialias)
{
  PrepRect whole = { 0, 0, WIDTH, HEIGHT };
  PrepConfig cfg;
  PrepPlan *plan = NULL;

  prep_config_init (&cfg);
  cfg.src_width = WIDTH;
  cfg.src_height = HEIGHT;
  cfg.out_width = OUT_WIDTH;
  cfg.out_height = OUT_HEIGHT;
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  cfg.antialias = antialias;
  if (prep_plan_new (&cfg, &whole, 1, &plan) != PREP_OK)
    return NULL;
  return plan;
}

/* A PrepLaunchFunc: cuLaunchKernel of the CUmodule @user_data's @entry. */
static int
launch_on (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  CUfunction f;
  CUresult res = CuModuleGetFunction (&f, (CUmodule) user_data, entry);

  if (res != CUDA_SUCCESS)
    return res;
  return CuLaunchKernel (f, grid.x, grid.y, grid.z, block.x, block.y,
      block.z, shared, (CUstream) stream, args, NULL);
}

/* The geometry of the last launch_recorded (). */
static PrepDim3 last_grid, last_block;

/* launch_on (), its geometry kept in last_grid and last_block. */
static int
launch_recorded (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  last_grid = grid;
  last_block = block;
  return launch_on (entry, grid, block, shared, stream, args, user_data);
}

/* launch_on () with no shared memory, whatever the entry's tile takes. */
static int
launch_without_shared (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  return launch_on (entry, grid, block, 0, stream, args, user_data);
}

/* Bytes @n of host memory into a new device allocation (0: failed). */
static CUdeviceptr
device_copy (const void *host, size_t n)
{
  CUdeviceptr d = 0;

  if (CuMemAlloc (&d, n) != CUDA_SUCCESS)
    return 0;
  if (copy_2d (CU_MEMORYTYPE_HOST, host, 0, n, CU_MEMORYTYPE_DEVICE, NULL, d,
          n, n, 1) != CUDA_SUCCESS) {
    CuMemFree (d);
    return 0;
  }
  return d;
}

/* @plan's kernel table in a new device allocation (0: failed), copied
 * synchronously; the context must be pushed. */
static CUdeviceptr
upload_table (const PrepPlan * plan)
{
  const void *table;
  size_t bytes;
  guint64 gen;

  if (prep_plan_kernel_table (plan, &table, &bytes, &gen) != PREP_OK)
    return 0;
  return device_copy (table, bytes);
}

/* @plan (of fx.frame's size) on fx.frame into @dst, which it takes to
 * hold @dst_size bytes, through prep_plan_launch () with the copy of its
 * kernel table at @table and @func (user data: fx.module); the context
 * must be pushed.  The driver's error, or CUDA_ERROR_INVALID_VALUE for a
 * refused launch. */
static CUresult
launch_plan (const PrepPlan * plan, CUdeviceptr table, PrepLaunchFunc func,
    CUdeviceptr dst, size_t dst_size, CUstream stream)
{
  GstCudaMemory *cmem = GST_CUDA_MEMORY_CAST (fx.mem);
  PrepFrame f;
  int err = 0;

  /* NV12: two planes, their device addresses */
  prep_frame_init (&f, PREP_FORMAT_NV12, WIDTH, HEIGHT);
  f.planes[0] = (const guint8 *) (guintptr) (fx.frame + cmem->info.offset[0]);
  f.strides[0] = (int) fx.pitch;
  f.planes[1] = (const guint8 *) (guintptr) (fx.frame + cmem->info.offset[1]);
  f.strides[1] = (int) fx.pitch;
  if (prep_plan_launch (plan, table, &f, dst, dst_size, func, stream,
          fx.module, &err) == PREP_OK)
    return CUDA_SUCCESS;
  return err != 0 ? (CUresult) err : CUDA_ERROR_INVALID_VALUE;
}

/* fx.plan on fx.frame into @dst (fx.table: the copy of its kernel table)
 * through launch_recorded (); the context must be pushed. */
static CUresult
launch (CUdeviceptr dst, size_t dst_size, CUstream stream)
{
  return launch_plan (fx.plan, fx.table, launch_recorded, dst, dst_size,
      stream);
}

static void
compare_with_cpu (CUdeviceptr dst, size_t bytes)
{
  float *gpu = g_malloc0 (bytes), *cpu = g_malloc0 (bytes);
  PrepFrame src;
  PrepStatus st;

  check (download (dst, bytes, gpu, bytes, 1) == CUDA_SUCCESS,
      "tensor downloaded");
  prep_frame_init (&src, PREP_FORMAT_NV12, WIDTH, HEIGHT);
  src.planes[0] = fx.y;
  src.strides[0] = WIDTH;
  src.planes[1] = fx.uv;
  src.strides[1] = UV_WIDTH;
  st = prep_plan_run_cpu (fx.plan, &src, cpu, bytes);
  check (st == PREP_OK && memcmp (gpu, cpu, bytes) == 0,
      "kernel (host build, through the mock) == prep_plan_run_cpu (), "
      "bit for bit");
  g_free (gpu);
  g_free (cpu);
}

/* Deferred work (mock-stream.c), with the launch into @dst still queued on
 * the blocking @stream: a copy on a non-blocking stream, not ordered after
 * it, reads the old bytes; a synchronous copy (NULL stream) waits for it. */
static void
test_deferred (CUdeviceptr dst, CUstream stream)
{
  MockCudaGetPendingFunc pending = NULL;
  GModule *m = g_module_open ("libcuda.so.1", G_MODULE_BIND_LAZY);
  CUstream other = NULL;
  CUDA_MEMCPY2D c;
  guint8 *pinned = NULL, first = 0;

  if (m != NULL)
    g_module_symbol (m, "mock_cuda_get_pending", (gpointer *) & pending);
  if (!check (pending != NULL && pending (stream) == 1
          && pending (gst_cuda_context_get_handle (fx.ctx)) == 1
          && pending (NULL) == 1,
          "mock_cuda_get_pending: 1 on the stream, its context, in all"))
    goto out;
  check (CuStreamCreate (&other, CU_STREAM_NON_BLOCKING) == CUDA_SUCCESS
      && CuMemAllocHost ((void **) &pinned, 16) == CUDA_SUCCESS,
      "a non-blocking stream, 16 bytes of pinned memory");
  memset (&c, 0, sizeof (c));
  c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  c.srcDevice = dst;
  c.dstMemoryType = CU_MEMORYTYPE_HOST;
  c.dstHost = pinned;
  c.srcPitch = c.dstPitch = c.WidthInBytes = 16;
  c.Height = 1;
  memset (pinned, 0, 16);
  check (CuMemcpy2DAsync (&c, other) == CUDA_SUCCESS && pinned[0] == 0
      && pending (other) == 1, "an async copy to pinned memory is queued");
  check (CuStreamSynchronize (other) == CUDA_SUCCESS && pinned[0] == 0xa5
      && pending (stream) == 1, "a non-blocking stream does not wait for "
      "the kernel: the tensor's old bytes (0xa5)");
  check (download (dst, 16, &first, 1, 1) == CUDA_SUCCESS
      && pending (NULL) == 0 && first != 0xa5,
      "a synchronous copy runs the blocking stream's kernel first");
  CuMemFreeHost (pinned);
  CuStreamDestroy (other);
out:
  if (m != NULL)
    g_module_close (m);
}

/* A multi-stream plan (an NV12 and an RGBA stream, one padding slot: two
 * format classes, so the slots entry) through the mock: one launch, whose
 * argument holds the device addresses of both frames, gives the CPU's
 * bytes.  The context is pushed and the module loaded. */
static void
test_streams_kernel (void)
{
  PrepStream st[2] = {
    {PREP_FORMAT_NV12, 64, 48, PREP_MATRIX_BT709, PREP_RANGE_LIMITED,
        {3, 5, 50, 40}},
    {PREP_FORMAT_RGBA, 30, 20, PREP_MATRIX_BT601, PREP_RANGE_FULL,
        {0, 0, 30, 20}},
  };
  PrepFrame host[2], dev[2];
  PrepConfig cfg;
  PrepPlan *plan = NULL;
  CUfunction f = NULL;
  CUdeviceptr planes[2][2] = { {0, 0}, {0, 0} }, table = 0, dst = 0;
  size_t bytes[3], out_bytes;
  guint8 *cpu, *gpu;
  guint64 launches;
  int i, p;

  prep_config_init (&cfg);
  cfg.out_width = cfg.out_height = 16;
  cfg.aspect = PREP_ASPECT_LETTERBOX;
  cfg.batch_size = 3;
  if (!check (prep_plan_new_streams (&cfg, st, 2, &plan) == PREP_OK,
          "a plan of 2 streams (NV12, RGBA) and a padding slot"))
    return;
  for (i = 0; i < 2; i++) {
    prep_frame_init (&host[i], st[i].format, st[i].src_width, st[i].src_height);
    host[i].strides[0] = host[i].strides[1] = st[i].src_width *
        (st[i].format == PREP_FORMAT_RGBA ? 4 : 1);
    prep_frame_plane_bytes (&host[i], bytes);
    dev[i] = host[i];
    for (p = 0; p < prep_format_n_planes (st[i].format); p++) {
      guint8 *d = g_malloc (bytes[p]);
      size_t k;

      for (k = 0; k < bytes[p]; k++)
        d[k] = (guint8) (k * 37 + (size_t) i * 101 + p * 11);
      host[i].planes[p] = d;
      planes[i][p] = device_copy (d, bytes[p]);
      dev[i].planes[p] = (const guint8 *) (guintptr) planes[i][p];
    }
  }
  out_bytes = prep_plan_output_bytes (plan);
  cpu = g_malloc0 (out_bytes);
  gpu = g_malloc0 (out_bytes);
  check (prep_plan_run_cpu_streams (plan, NULL, PREP_CPU_SCALAR, host, cpu,
          out_bytes) == PREP_OK, "the CPU's streams run");
  table = upload_table (plan);
  check (table != 0, "the streams plan's kernel table copied to device "
      "memory");
  CuMemAlloc (&dst, out_bytes);
  check (CuModuleGetFunction (&f, fx.module, PREP_KERNEL_SLOTS_NAME) ==
      CUDA_SUCCESS, "cuModuleGetFunction (\"%s\")", PREP_KERNEL_SLOTS_NAME);
  launches = stats ().launches;
  check (f != NULL && prep_plan_launch (plan, table, dev, dst, out_bytes,
          launch_on, NULL, fx.module, NULL) == PREP_OK
      && CuStreamSynchronize (NULL) == CUDA_SUCCESS,
      "one launch for the streams, their frames' device addresses in its "
      "argument");
  check (stats ().launches == launches + 1, "the mock counted one launch");
  check (download (dst, out_bytes, gpu, out_bytes, 1) == CUDA_SUCCESS
      && memcmp (cpu, gpu, out_bytes) == 0, "streams plan's kernel (host "
      "build, through the mock) == prep_plan_run_cpu_streams (), bit for "
      "bit");
  CuMemFree (dst);
  if (table != 0)
    CuMemFree (table);
  for (i = 0; i < 2; i++)
    for (p = 0; p < 2; p++) {
      if (planes[i][p] != 0)
        CuMemFree (planes[i][p]);
      g_free ((gpointer) host[i].planes[p]);
    }
  g_free (cpu);
  g_free (gpu);
  prep_plan_free (plan);
}

static void
test_kernel (void)
{
  CUstream stream = NULL;
  CUdeviceptr dst = 0;
  MockCudaStats s;
  CUresult ret;
  size_t bytes;

  fx.plan = make_plan (FALSE);
  if (!check (fx.plan != NULL, "plan %dx%d -> %dx%d letterbox", WIDTH,
          HEIGHT, OUT_WIDTH, OUT_HEIGHT) || fx.mem == NULL)
    return;
  bytes = prep_plan_output_bytes (fx.plan);
  gst_cuda_context_push (fx.ctx);
  test_module (&fx.module);
  check (CuStreamCreate (&stream, CU_STREAM_DEFAULT) == CUDA_SUCCESS,
      "cuStreamCreate");
  check (CuMemAlloc (&dst, (unsigned int) bytes) == CUDA_SUCCESS,
      "cuMemAlloc_v2 tensor (%zu bytes)", bytes);
  fx.table = upload_table (fx.plan);
  check (fx.table != 0, "the plan's kernel table copied to device memory");
  ret = launch (dst, bytes, stream);
  check (ret == CUDA_SUCCESS, "cuLaunchKernel grid %ux%u, block %ux%u",
      last_grid.x, last_grid.y, last_block.x, last_block.y);
  s = stats ();
  check (s.launches == 1 && s.unsynced_ops == 1
      && s.last_grid[0] == last_grid.x && s.last_block[1] == last_block.y,
      "counters: 1 launch, not synced yet");
  test_deferred (dst, stream);
  check (CuStreamSynchronize (stream) == CUDA_SUCCESS
      && stats ().unsynced_ops == 0, "cuStreamSynchronize");
  compare_with_cpu (dst, bytes);
  CuMemFree (dst);
  CuStreamDestroy (stream);
  test_program_kernel ();
  test_streams_kernel ();
  gst_cuda_context_pop (NULL);
}

/* ------------------------------------------------------------------------ */
/* 4b: the entry points libgstcuda 1.24+ resolves, called directly (1.22's
 * loader has no wrappers for them): 1D copies, 2D memsets, events, the
 * stream-ordered allocator, context synchronization and limits, the UUID,
 * and one of the unsupported ones */

typedef CUresult (*AllocAsyncFunc) (CUdeviceptr *, size_t, CUstream);
typedef CUresult (*FreeAsyncFunc) (CUdeviceptr, CUstream);
typedef CUresult (*HtoDAsyncFunc) (CUdeviceptr, const void *, size_t, CUstream);
typedef CUresult (*DtoHFunc) (void *, CUdeviceptr, size_t);
typedef CUresult (*DtoDFunc) (CUdeviceptr, CUdeviceptr, size_t);
typedef CUresult (*MemsetAsyncFunc) (CUdeviceptr, size_t, unsigned char,
    size_t, size_t, CUstream);
typedef CUresult (*EventCreateFunc) (CUevent *, unsigned int);
typedef CUresult (*EventFunc) (CUevent);
typedef CUresult (*EventRecordFunc) (CUevent, CUstream);
typedef CUresult (*VoidFunc) (void);
typedef CUresult (*WaitEventFunc) (CUstream, CUevent, unsigned int);
typedef CUresult (*GetLimitFunc) (size_t *, CUlimit);
typedef CUresult (*UuidFunc) (CUuuid *, CUdevice);
typedef CUresult (*MemCreateFunc) (CUmemGenericAllocationHandle *, size_t,
    const CUmemAllocationProp *, unsigned long long);

static gpointer
driver_symbol (GModule * m, const char *name)
{
  gpointer f = NULL;

  if (!g_module_symbol (m, name, &f))
    check (0, "the mock exports %s", name);
  return f;
}

static void
test_newer_entry_points (void)
{
  GModule *m = g_module_open ("libcuda.so.1", G_MODULE_BIND_LAZY);
  AllocAsyncFunc alloc_async;
  FreeAsyncFunc free_async;
  HtoDAsyncFunc htod_async;
  DtoHFunc dtoh;
  DtoDFunc dtod;
  MemsetAsyncFunc memset_async;
  EventCreateFunc event_create;
  EventFunc event_sync, event_destroy;
  EventRecordFunc event_record;
  WaitEventFunc wait_event;
  VoidFunc ctx_sync;
  GetLimitFunc get_limit;
  UuidFunc uuid;
  MemCreateFunc mem_create;
  CUstream stream = NULL, other = NULL;
  CUdeviceptr a = 0, b = 0;
  CUevent event = NULL;
  CUmemGenericAllocationHandle handle;
  CUmemAllocationProp prop;
  CUuuid id;
  guint8 in[256], out[256];
  size_t limit = 0;
  int i, ok;

  if (!check (m != NULL, "libcuda.so.1 loaded"))
    return;
  alloc_async = driver_symbol (m, "cuMemAllocAsync");
  free_async = driver_symbol (m, "cuMemFreeAsync");
  htod_async = driver_symbol (m, "cuMemcpyHtoDAsync_v2");
  dtoh = driver_symbol (m, "cuMemcpyDtoH_v2");
  dtod = driver_symbol (m, "cuMemcpyDtoD_v2");
  memset_async = driver_symbol (m, "cuMemsetD2D8Async");
  event_create = driver_symbol (m, "cuEventCreate");
  event_record = driver_symbol (m, "cuEventRecord");
  wait_event = driver_symbol (m, "cuStreamWaitEvent");
  event_sync = driver_symbol (m, "cuEventSynchronize");
  event_destroy = driver_symbol (m, "cuEventDestroy_v2");
  ctx_sync = driver_symbol (m, "cuCtxSynchronize");
  get_limit = driver_symbol (m, "cuCtxGetLimit");
  uuid = driver_symbol (m, "cuDeviceGetUuid");
  mem_create = driver_symbol (m, "cuMemCreate");
  if (!alloc_async || !free_async || !htod_async || !dtoh || !dtod
      || !memset_async || !event_create || !event_record || !event_sync
      || !event_destroy || !wait_event || !ctx_sync || !get_limit || !uuid
      || !mem_create) {
    g_module_close (m);
    return;
  }
  for (i = 0; i < 256; i++)
    in[i] = (guint8) i;

  gst_cuda_context_push (fx.ctx);
  check (CuStreamCreate (&stream, CU_STREAM_DEFAULT) == CUDA_SUCCESS,
      "cuStreamCreate");
  check (alloc_async (&a, 256, stream) == CUDA_SUCCESS
      && alloc_async (&b, 256, stream) == CUDA_SUCCESS, "cuMemAllocAsync x 2");
  check (htod_async (a, in, 256, stream) == CUDA_SUCCESS,
      "cuMemcpyHtoDAsync_v2");
  /* rows 1 and 3 of 4 rows of 64 bytes: bytes 16..47 set to 0x5a */
  check (memset_async (a + 64 + 16, 128, 0x5a, 32, 2, stream) ==
      CUDA_SUCCESS, "cuMemsetD2D8Async 32 x 2, pitch 128");
  check (event_create (&event, CU_EVENT_DISABLE_TIMING) == CUDA_SUCCESS
      && event_record (event, stream) == CUDA_SUCCESS,
      "cuEventCreate, cuEventRecord");
  /* the copy from pageable memory was done when it returned */
  check (stats ().unsynced_ops == 1, "1 operation (the memset) queued");
  /* a non-blocking stream waits for the event: its later copy (pageable,
   * done when it returns) first runs the memset queued before the record */
  check (CuStreamCreate (&other, CU_STREAM_NON_BLOCKING) == CUDA_SUCCESS
      && wait_event (other, event, 0) == CUDA_SUCCESS
      && stats ().unsynced_ops == 1, "cuStreamWaitEvent queues no work");
  check (htod_async (b, in, 256, other) == CUDA_SUCCESS
      && stats ().unsynced_ops == 0, "cuStreamWaitEvent: the waiting "
      "stream's later work runs after the event's");
  check (event_sync (event) == CUDA_SUCCESS && stats ().unsynced_ops == 0,
      "cuEventSynchronize: the work before the record is done");
  check (dtod (b, a, 256) == CUDA_SUCCESS && dtoh (out, b, 256) ==
      CUDA_SUCCESS, "cuMemcpyDtoD_v2, cuMemcpyDtoH_v2");
  ok = 1;
  for (i = 0; i < 256; i++) {
    int row = i / 64, x = i % 64;
    guint8 want = (row == 1 || row == 3) && x >= 16 && x < 48 ? 0x5a : i;

    ok &= out[i] == want;
  }
  check (ok, "the bytes went through the copies and the memset");
  check (free_async (a, stream) == CUDA_SUCCESS
      && free_async (b, stream) == CUDA_SUCCESS
      && stats ().unsynced_ops == 2, "cuMemFreeAsync x 2 (on the stream)");
  check (ctx_sync () == CUDA_SUCCESS && stats ().unsynced_ops == 0,
      "cuCtxSynchronize");
  ok = get_limit (&limit, CU_LIMIT_STACK_SIZE) == CUDA_SUCCESS;
  check (ok && limit == 1024, "cuCtxGetLimit stack size (%zu)", limit);
  memset (&id, 0, sizeof (id));
  check (uuid (&id, 0) == CUDA_SUCCESS && id.bytes[0] != 0, "cuDeviceGetUuid");
  memset (&prop, 0, sizeof (prop));
  check (mem_create (&handle, 65536, &prop, 0) == CUDA_ERROR_NOT_SUPPORTED,
      "cuMemCreate: CUDA_ERROR_NOT_SUPPORTED");
  event_destroy (event);
  CuStreamDestroy (other);
  CuStreamDestroy (stream);
  gst_cuda_context_pop (NULL);
  g_module_close (m);
}

/* ------------------------------------------------------------------------ */
/* 5: loud failures, each in a forked child */

typedef void (*ChildFunc) (void);

/* Runs @func in a child whose stderr is captured; the child must die of
 * @sig, and (when @needle) print @needle. */
static void
expect_death (const char *what, ChildFunc func, int sig, const char *needle)
{
  GString *out = g_string_new (NULL);
  char buf[4096];
  int fds[2], status = 0;
  ssize_t n;
  pid_t pid;

  fflush (stdout);
  fflush (stderr);
  if (pipe (fds) != 0 || (pid = fork ()) < 0) {
    check (0, "%s: fork: %s", what, g_strerror (errno));
    return;
  }
  if (pid == 0) {
    dup2 (fds[1], 2);
    close (fds[0]);
    func ();
    _exit (0);
  }
  close (fds[1]);
  while ((n = read (fds[0], buf, sizeof (buf))) > 0 || (n < 0
          && errno == EINTR))
    g_string_append_len (out, buf, n > 0 ? n : 0);
  close (fds[0]);
  waitpid (pid, &status, 0);
  if (!check (WIFSIGNALED (status) && WTERMSIG (status) == sig
          && (needle == NULL || strstr (out->str, needle) != NULL),
          "%s: dies with signal %d%s%s", what, sig,
          needle ? " saying: " : "", needle ? needle : ""))
    printf ("# child status 0x%x, stderr:\n%s\n", status, out->str);
  else if (needle != NULL)
    printf ("#   %.*s\n", (int) strcspn (out->str, "\n"), out->str);
  g_string_free (out, TRUE);
}

static void
copy_overrun (void)
{
  static guint8 host[512 * 80];

  gst_cuda_context_push (fx.ctx);
  /* one row more than the pitched allocation has */
  download (fx.frame, fx.pitch, host, fx.pitch, fx.alloc_height + 1);
}

static void
copy_overrun_x (void)
{
  static guint8 host[512 * 80];
  CUDA_MEMCPY2D c;

  memset (&c, 0, sizeof (c));
  c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  c.srcDevice = fx.frame;
  c.srcXInBytes = 8;            /* the last row ends 8 bytes too far */
  c.srcPitch = fx.pitch;
  c.dstMemoryType = CU_MEMORYTYPE_HOST;
  c.dstHost = host;
  c.dstPitch = fx.pitch;
  c.WidthInBytes = fx.pitch;
  c.Height = fx.alloc_height;
  gst_cuda_context_push (fx.ctx);
  CuMemcpy2D (&c);
}

static void
pinned_overrun (void)
{
  void *pinned = NULL;

  gst_cuda_context_push (fx.ctx);
  CuMemAllocHost (&pinned, 100);
  download (fx.frame, fx.pitch, pinned, 101, 1);
}

static void
no_context (void)
{
  CUdeviceptr p;

  CuMemAlloc (&p, 64);
}

static void
double_free (void)
{
  CUdeviceptr p = 0;

  gst_cuda_context_push (fx.ctx);
  CuMemAlloc (&p, 64);
  CuMemFree (p);
  CuMemFree (p);
}

static void
use_after_free (void)
{
  CUdeviceptr p = 0;
  guint8 host[64];

  gst_cuda_context_push (fx.ctx);
  CuMemAlloc (&p, 64);
  CuMemFree (p);
  download (p, 64, host, 64, 1);
}

static void
free_other_context (void)
{
  GstCudaContext *other = gst_cuda_context_new (0);
  CUdeviceptr p = 0;

  gst_cuda_context_push (fx.ctx);
  CuMemAlloc (&p, 64);
  gst_cuda_context_pop (NULL);
  gst_cuda_context_push (other);
  CuMemFree (p);
}

static void
kernel_overrun (void)
{
  size_t bytes = prep_plan_output_bytes (fx.plan);
  CUdeviceptr dst = 0;

  gst_cuda_context_push (fx.ctx);
  /* one float short of what the launch is told */
  CuMemAlloc (&dst, (unsigned int) bytes - 4);
  launch (dst, bytes, NULL);
  /* the launch is queued: it runs (and is checked) here */
  CuStreamSynchronize (NULL);
}

/* fx.plan's tensor over the luma plane it reads */
static void
kernel_overlap (void)
{
  CUdeviceptr buf = 0;
  PrepFrame f;

  gst_cuda_context_push (fx.ctx);
  CuMemAlloc (&buf, 65536);
  prep_frame_init (&f, PREP_FORMAT_NV12, WIDTH, HEIGHT);
  f.planes[0] = (const guint8 *) (guintptr) buf;
  f.strides[0] = WIDTH;
  f.planes[1] = (const guint8 *) (guintptr) (buf + 4096);
  f.strides[1] = UV_WIDTH;
  prep_plan_launch (fx.plan, fx.table, &f, buf + 2048,
      prep_plan_output_bytes (fx.plan), launch_on, NULL, fx.module, NULL);
  CuStreamSynchronize (NULL);
}

/* An antialiased plan, whose tile entry needs shared memory, launched
 * with none */
static void
tile_without_shared (void)
{
  PrepPlan *plan = make_plan (TRUE);
  CUdeviceptr dst = 0;
  size_t bytes = prep_plan_output_bytes (plan);

  gst_cuda_context_push (fx.ctx);
  CuMemAlloc (&dst, (unsigned int) bytes);
  launch_plan (plan, upload_table (plan), launch_without_shared, dst, bytes,
      NULL);
  CuStreamSynchronize (NULL);
}

/* selftest_add over 100 bytes into a 99-byte buffer */
static void
program_kernel_overrun (void)
{
  CUdeviceptr src = 0, dst = 0;

  gst_cuda_context_push (fx.ctx);
  CuMemAlloc (&src, 100);
  CuMemAlloc (&dst, 99);
  launch_add (src, dst, 100, 1);
  CuStreamSynchronize (NULL);
}

/* selftest_add in place, shifted: its output overlaps its input */
static void
program_kernel_overlap (void)
{
  CUdeviceptr buf = 0;

  gst_cuda_context_push (fx.ctx);
  CuMemAlloc (&buf, 200);
  launch_add (buf, buf + 50, 100, 1);
  CuStreamSynchronize (NULL);
}

/* selftest_add with n = 0: its extents are invalid */
static void
program_kernel_bad_args (void)
{
  CUdeviceptr buf = 0;

  gst_cuda_context_push (fx.ctx);
  CuMemAlloc (&buf, 200);
  launch_add (buf, buf + 100, 0, 1);
  CuStreamSynchronize (NULL);
}

static void
program_kernel_bad_abi (void)
{
  CUfunction f;

  gst_cuda_context_push (fx.ctx);
  CuModuleGetFunction (&f, fx.module, "selftest_bad_abi");
}

static void
bad_stream (void)
{
  gst_cuda_context_push (fx.ctx);
  CuStreamSynchronize ((CUstream) (guintptr) 0x1234);
}

static void
host_dereference (void)
{
  volatile const guint8 *p = (const guint8 *) (guintptr) fx.frame;

  (void) *p;
}

static void
test_deaths (void)
{
  if (fx.mem == NULL || fx.plan == NULL || fx.function == NULL)
    return;
  expect_death ("2D copy one row past the allocation", copy_overrun, SIGABRT,
      "cuMemcpy2D_v2: src (device");
  expect_death ("2D copy with srcXInBytes past the pitch", copy_overrun_x,
      SIGABRT, "overruns device allocation");
  expect_death ("copy past a pinned allocation", pinned_overrun, SIGABRT,
      "runs out of pinned host allocation");
  expect_death ("cuMemAlloc with no current context", no_context, SIGABRT,
      "cuMemAlloc_v2: no current CUDA context");
  expect_death ("double free", double_free, SIGABRT, "double free");
  expect_death ("copy from freed memory", use_after_free, SIGABRT,
      "use after free");
  expect_death ("free from another context", free_other_context, SIGABRT,
      "while context");
  expect_death ("kernel writing past its tensor", kernel_overrun, SIGABRT,
      "argument tensor (dst)");
  expect_death ("kernel writing its tensor over its frame", kernel_overlap,
      SIGABRT, "its output tensor (dst)");
  expect_death ("tile entry with less shared memory than its tile",
      tile_without_shared, SIGABRT, "antialiased tile takes more than the 0 "
      "bytes of shared memory the launch gives");
  if (fx.add != NULL) {
    expect_death ("program's kernel writing past its buffer",
        program_kernel_overrun, SIGABRT, "selftest_add argument dst [0x");
    expect_death ("program's kernel output overlapping its input",
        program_kernel_overlap, SIGABRT, "selftest_add: its output dst");
    expect_death ("program's kernel with invalid extents",
        program_kernel_bad_args, SIGABRT,
        "bad kernel parameters for selftest_add: src");
  }
  expect_death ("program's kernel descriptor of another ABI",
      program_kernel_bad_abi, SIGABRT,
      "mock_cuda_kernel_selftest_bad_abi: descriptor of ABI 999");
  expect_death ("invalid stream handle", bad_stream, SIGABRT,
      "is not a CUstream");
  expect_death ("host dereference of a CUdeviceptr", host_dereference,
      SIGSEGV, NULL);
}

/* ------------------------------------------------------------------------ */
/* 6: configurations, in re-executed children (the mock reads its
 * environment once) */

static void
expect_child (const char *child, const char *env[], int want_status,
    const char *needle)
{
  char *argv[] = { (char *) self_path, NULL, NULL };
  gchar **envp = g_get_environ ();
  gchar *out = NULL, *err = NULL;
  GError *error = NULL;
  int status = -1, i;

  for (i = 0; env[i] != NULL; i += 2)
    envp = g_environ_setenv (envp, env[i], env[i + 1], TRUE);
  argv[1] = g_strdup_printf ("--child=%s", child);
  if (!g_spawn_sync (NULL, argv, envp, G_SPAWN_SEARCH_PATH, NULL, NULL, &out,
          &err, &status, &error)) {
    check (0, "%s: %s", child, error->message);
    g_clear_error (&error);
  } else if (!check (WIFEXITED (status) && WEXITSTATUS (status) == want_status
          && (needle == NULL || strstr (err, needle) != NULL),
          "child %s (%s=%s): exit status %d", child, env[0], env[1],
          want_status)) {
    printf ("# status 0x%x, stdout:\n%s# stderr:\n%s\n", status, out, err);
  }
  g_free (argv[1]);
  g_free (out);
  g_free (err);
  g_strfreev (envp);
}

static void
test_children (void)
{
  const char *no_devices[] = { "MOCK_CUDA_DEVICES", "0", NULL };
  const char *fail_init[] = { "MOCK_CUDA_FAIL", "init", NULL };
  const char *fail_alloc[] = { "MOCK_CUDA_FAIL", "alloc", NULL };
  const char *two_devices[] = { "MOCK_CUDA_DEVICES", "2", NULL };
  const char *fail_third[] = { "MOCK_CUDA_FAIL", "alloc,launch",
    "MOCK_CUDA_FAIL_AFTER", "2", "MOCK_CUDA_FAIL_COUNT", "1", NULL
  };
  const char *leak[] = { "MOCK_CUDA_LEAK_CHECK", "fail", NULL };
  const char *cc[] = { "MOCK_CUDA_CC", "7.0,8.6", "MOCK_CUDA_DEVICES", "3",
    "MOCK_CUDA_DRIVER_VERSION", "12020", NULL
  };

  expect_child ("no-context", no_devices, 0, NULL);
  expect_child ("no-context", fail_init, 0, NULL);
  expect_child ("fail-alloc", fail_alloc, 0, "injected failure");
  expect_child ("fail-third", fail_third, 0, "call 3 of that kind");
  expect_child ("two-devices", two_devices, 0, NULL);
  expect_child ("leak", leak, 99, "mock-cuda: LEAK: device allocation");
  expect_child ("leak-destroy", leak, 99, "still owned by contexts");
  expect_child ("device-cc", cc, 0, NULL);
}

/* MOCK_CUDA_CC=7.0,8.6 on three devices (the last value repeats),
 * MOCK_CUDA_DRIVER_VERSION=12020. */
static int
child_device_cc (void)
{
  int major[3] = { 0, }, minor[3] = { 0, }, version = 0, i;

  gst_cuda_load_library ();
  check (CuInit (0) == CUDA_SUCCESS, "cuInit");
  for (i = 0; i < 3; i++) {
    CuDeviceGetAttribute (&major[i],
        CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, i);
    CuDeviceGetAttribute (&minor[i],
        CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, i);
  }
  check (major[0] == 7 && minor[0] == 0 && major[1] == 8 && minor[1] == 6
      && major[2] == 8 && minor[2] == 6, "compute capabilities 7.0, 8.6, "
      "8.6");
  check (CuDriverGetVersion (&version) == CUDA_SUCCESS && version == 12020,
      "cuDriverGetVersion: 12020");
  return 0;
}

static int
child_no_context (void)
{
  GstCudaContext *ctx;

  check (gst_cuda_load_library (), "gst_cuda_load_library ()");
  ctx = gst_cuda_context_new (0);
  check (ctx == NULL, "gst_cuda_context_new (0) == NULL");
  gst_clear_object (&ctx);
  return 0;
}

static int
child_fail_alloc (void)
{
  GstCudaContext *ctx;
  GstCudaAllocator *allocator;
  GstMemory *mem;
  GstVideoInfo info;

  gst_cuda_load_library ();
  ctx = gst_cuda_context_new (0);
  if (!check (ctx != NULL, "context"))
    return 0;
  gst_cuda_memory_init_once ();
  allocator = (GstCudaAllocator *)
      gst_allocator_find (GST_CUDA_MEMORY_TYPE_NAME);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_NV12, 64, 64);
  mem = gst_cuda_preproc_compat_alloc (allocator, ctx, &info);
  check (mem == NULL, "gst_cuda_allocator_alloc () fails cleanly");
  if (mem != NULL)
    gst_memory_unref (mem);
  gst_object_unref (allocator);
  gst_object_unref (ctx);
  return 0;
}

/* Only the third allocation fails (AFTER=2, COUNT=1). */
static int
child_fail_third (void)
{
  GstCudaContext *ctx;
  CUdeviceptr p[4] = { 0, };
  CUresult r[4];
  int i;

  find_test_api ();
  gst_cuda_load_library ();
  ctx = gst_cuda_context_new (0);
  if (!check (ctx != NULL, "context"))
    return 0;
  gst_cuda_context_push (ctx);
  for (i = 0; i < 4; i++)
    r[i] = CuMemAlloc (&p[i], 256);
  check (r[0] == CUDA_SUCCESS && r[1] == CUDA_SUCCESS
      && r[2] == CUDA_ERROR_OUT_OF_MEMORY && r[3] == CUDA_SUCCESS
      && stats ().injected_failures == 1,
      "allocations 1, 2, 4 succeed, 3 fails with CUDA_ERROR_OUT_OF_MEMORY");
  for (i = 0; i < 4; i++) {
    if (r[i] == CUDA_SUCCESS)
      CuMemFree (p[i]);
  }
  gst_cuda_context_pop (NULL);
  gst_object_unref (ctx);
  return 0;
}

static int
child_two_devices (void)
{
  GstCudaContext *c0, *c1;
  guint id = 0;

  find_test_api ();
  gst_cuda_load_library ();
  c0 = gst_cuda_context_new (0);
  c1 = gst_cuda_context_new (1);
  if (!check (c0 != NULL && c1 != NULL, "contexts on devices 0 and 1"))
    return 0;
  g_object_get (c1, "cuda-device-id", &id, NULL);
  check (id == 1, "second context on device 1");
  check (gst_cuda_context_can_access_peer (c0, c1)
      && gst_cuda_context_can_access_peer (c1, c0)
      && stats ().peer_enables == 2, "peer access enabled both ways");
  gst_object_unref (c1);
  gst_object_unref (c0);
  check (stats ().contexts_live == 0, "both contexts destroyed");
  return 0;
}

/* Leaks an allocation, and the context too unless @destroy: then
 * cuCtxDestroy_v2 releases the allocation, which still counts. */
static int
child_leak (gboolean destroy)
{
  GstCudaContext *ctx;
  CUdeviceptr p;

  gst_cuda_load_library ();
  ctx = gst_cuda_context_new (0);
  gst_cuda_context_push (ctx);
  CuMemAlloc (&p, 1000);
  gst_cuda_context_pop (NULL);
  if (destroy)
    gst_object_unref (ctx);
  return 0;                     /* the mock's exit check makes this 99 */
}

static int
run_child (const char *name)
{
  if (strcmp (name, "no-context") == 0)
    return child_no_context ();
  if (strcmp (name, "fail-alloc") == 0)
    return child_fail_alloc ();
  if (strcmp (name, "fail-third") == 0)
    return child_fail_third ();
  if (strcmp (name, "two-devices") == 0)
    return child_two_devices ();
  if (strcmp (name, "leak") == 0)
    return child_leak (FALSE);
  if (strcmp (name, "leak-destroy") == 0)
    return child_leak (TRUE);
  if (strcmp (name, "device-cc") == 0)
    return child_device_cc ();
  check (0, "unknown child %s", name);
  return 0;
}

/* ------------------------------------------------------------------------ */

static void
test_cleanup (void)
{
  MockCudaStats s;

  if (fx.module != NULL || fx.table != 0) {
    gst_cuda_context_push (fx.ctx);
    if (fx.table != 0)
      CuMemFree (fx.table);
    if (fx.module != NULL)
      CuModuleUnload (fx.module);
    gst_cuda_context_pop (NULL);
  }
  if (fx.plan != NULL)
    prep_plan_free (fx.plan);
  if (fx.mem != NULL)
    gst_memory_unref (fx.mem);
  gst_clear_object (&fx.ctx);
  s = stats ();
  check (s.contexts_live == 0 && s.device_live == 0 && s.host_live == 0
      && s.streams_live == 0 && s.modules_live == 0,
      "everything released (contexts %llu, device %llu, pinned %llu)",
      (unsigned long long) s.contexts_live,
      (unsigned long long) s.device_live, (unsigned long long) s.host_live);
  check (check_leaks != NULL && check_leaks () == 0,
      "mock_cuda_check_leaks () == 0");
}

int
main (int argc, char **argv)
{
  self_path = argv[0];
  gst_init (&argc, &argv);
  if (argc == 2 && g_str_has_prefix (argv[1], "--child=")) {
    run_child (argv[1] + strlen ("--child="));
  } else {
    test_loader_and_context ();
    if (fx.ctx != NULL) {
      test_memory ();
      test_pool ();
      test_kernel ();
      test_newer_entry_points ();
      test_deaths ();
    }
    if (get_stats != NULL) {
      test_children ();
      test_cleanup ();
    }
  }
  gst_deinit ();
  printf ("1..%d\n# %d check(s) failed\n", n_checks, n_failed);
  return n_failed > 0 ? 1 : 0;
}

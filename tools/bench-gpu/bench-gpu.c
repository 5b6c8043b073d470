/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* cudapreproc-bench-gpu: the GPU mode of the benchmark (docs/performance.md).
 *
 *   cudapreproc-bench-gpu [--iterations N] [--streams N] [--check]
 *
 * On a CUDA device reached through libgstcuda's loader, times the fused
 * kernel (src/prep-kernel.cu, launched by prep_plan_launch () with the
 * plan's kernel table, uploaded once per workload before its runs: its
 * slots never change) against an
 * unfused chain of three separate kernels (chain-kernels.cu: NV12 -> RGB8
 * for the whole frame, crop + bilinear resize in RGB8, normalize +
 * planarize), on a synthetic 1920x1080 NV12 frame, for the workloads W1 and
 * W2 of the CPU benchmark.  Per workload: microseconds per frame (median
 * and min of N synchronized wall-time runs: launch, then
 * cuStreamSynchronize), the ratio chain / fused, the bytes each moves, the
 * effective bandwidth and, when the driver reports the memory clock and bus
 * width, the device's peak bandwidth; then the kernels' own time, N runs
 * back to back between two events (bench-gpu-events.c), with the fused
 * kernel's share of the DRAM peak.  Then the streams workload at 8, 32 and
 * 64 streams (bench-gpu-streams.c), the antialias mode (bench-gpu-tile.c)
 * and the element mode (bench-gpu-element.c: the cudapreproc element's
 * host time per frame with a CUDA and a system-memory tensor).
 *
 * --check runs each workload once instead and compares both outputs with
 * the CPU engine: the fused kernel must give the same bytes; the chain,
 * with its 8-bit intermediates, must stay within CHAIN_MAX_ERR steps of
 * 1/255 (its max error is printed).  Then the streams workload
 * (bench-gpu-streams.c): N streams in one launch against N launches;
 * then the antialias mode (bench-gpu-tile.c): the tile entry point
 * against each pixel summing its own taps; then the element's tensors,
 * CUDA and system, against the CPU engine.  Exit status: 0 on success, 1 on a
 * mismatch or a driver error, 2 on bad arguments, 77 without a driver or
 * device. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gst/gst.h>
#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/cuda-gst.h>

#include "prep.h"
#include "prep-kernel.h"
#include "prep-kernel-fatbin.h"
#include "chain-kernels.h"
#include "chain-kernels-fatbin.h"
#include "bench-gpu.h"

/* The chain's bound in --check, in steps of 1/255 of the pixel range: two
 * roundings to u8 (after the conversion and after the resize) cost at most
 * half a step each, and on the smooth check frame clamping before rather
 * than after the interpolation adds little; 3 leaves room for the float
 * differences and flags any real bug (a wrong tap, matrix or channel). */
#define CHAIN_MAX_ERR 3.0

typedef struct
{
  const char *name;
  const char *what;
  PrepRect crop;
  int out;                      /* square output, out x out */
  PrepAspect aspect;
  double mean[3];
  double std[3];
} Workload;

static const Workload workloads[] = {
  {"W1", "1920x1080 -> letterbox 640x640, pad 114, x/255",
        {0, 0, FRAME_WIDTH, FRAME_HEIGHT}, 640, PREP_ASPECT_LETTERBOX,
      {0.0, 0.0, 0.0}, {1.0, 1.0, 1.0}},
  {"W2", "1920x1080 crop (600,200) 720x720 -> 224x224 stretch, ImageNet",
        {600, 200, 720, 720}, 224, PREP_ASPECT_STRETCH,
      {0.485, 0.456, 0.406}, {0.229, 0.224, 0.225}},
};

#define N_WORKLOADS (sizeof (workloads) / sizeof (workloads[0]))

typedef struct
{
  CUmodule fused_module;        /* the engine's kernel */
  CUfunction fused, convert, resize, normalize;
  CUdeviceptr y, uv, rgb, resized, fused_dst, chain_dst;
  CUdeviceptr taps;             /* the plan's kernel table, of the largest
                                 * job */
  int y_stride, uv_stride, rgb_stride;
} Gpu;

/* A workload ready to run: its plan and the chain's parameters. */
typedef struct
{
  const Workload *w;
  PrepPlan *plan;
  size_t tensor_bytes;
  const void *taps;             /* prep_plan_kernel_table () */
  size_t taps_bytes;
  uint64_t taps_gen;
  ChainRect crop, inner;
  ChainNorm norm;
  int pad;
} Job;

static int
job_init (Job * job, const Workload * w)
{
  PrepConfig cfg;
  PrepStatus s;
  int c;

  memset (job, 0, sizeof *job);
  job->w = w;
  prep_config_init (&cfg);
  cfg.src_width = FRAME_WIDTH;
  cfg.src_height = FRAME_HEIGHT;
  cfg.out_width = cfg.out_height = w->out;
  cfg.aspect = w->aspect;
  cfg.pad_value = 114.0;
  for (c = 0; c < 3; c++) {
    cfg.mean[c] = w->mean[c];
    cfg.std[c] = w->std[c];
  }
  s = prep_plan_new (&cfg, &w->crop, 1, &job->plan);
  if (s != PREP_OK) {
    fprintf (stderr, "%s: prep_plan_new: %s\n", w->name,
        prep_status_string (s));
    return 0;
  }
  job->tensor_bytes = prep_plan_output_bytes (job->plan);

  /* The chain's geometry: the crop, and the letterbox's inner rectangle
   * computed as docs/semantics.md says (the engine's rounding). */
  job->crop.x = w->crop.x;
  job->crop.y = w->crop.y;
  job->crop.width = w->crop.width;
  job->crop.height = w->crop.height;
  job->inner.x = job->inner.y = 0;
  job->inner.width = job->inner.height = w->out;
  if (w->aspect == PREP_ASPECT_LETTERBOX) {
    int64_t rw = w->crop.width, rh = w->crop.height, o = w->out;

    if (rh <= rw)
      job->inner.height = (int) ((2 * rh * o + rw) / (2 * rw));
    else
      job->inner.width = (int) ((2 * rw * o + rh) / (2 * rh));
    job->inner.x = (w->out - job->inner.width) / 2;
    job->inner.y = (w->out - job->inner.height) / 2;
  }
  job->pad = 114;
  job->norm.scale = (float) cfg.scale;
  for (c = 0; c < 3; c++) {
    job->norm.mean[c] = (float) w->mean[c];
    job->norm.std[c] = (float) w->std[c];
  }
  return 1;
}

static PrepDim3
grid_for (int width, int height, PrepDim3 block)
{
  PrepDim3 g;

  g.x = (unsigned int) (width + (int) block.x - 1) / block.x;
  g.y = (unsigned int) (height + (int) block.y - 1) / block.y;
  g.z = 1;
  return g;
}

static int
launch_chain_kernel (CUfunction f, int width, int height, void **args,
    const char *what)
{
  PrepDim3 block = { 32, 8, 1 };
  PrepDim3 g = grid_for (width, height, block);

  return check_cu (CuLaunchKernel (f, g.x, g.y, g.z, block.x, block.y,
          block.z, 0, NULL, args, NULL), what);
}

/* The chain: three launches on the NULL stream, not synchronized. */
static int
run_chain (Gpu * gpu, Job * job)
{
  int w = FRAME_WIDTH, h = FRAME_HEIGHT, out = job->w->out;
  int out_stride = out * 3;
  void *convert[CHAIN_CONVERT_COUNT] = { &gpu->y, &gpu->y_stride, &gpu->uv,
    &gpu->uv_stride, &w, &h, &gpu->rgb, &gpu->rgb_stride
  };
  void *resize[CHAIN_RESIZE_COUNT] = { &gpu->rgb, &gpu->rgb_stride,
    &job->crop, &gpu->resized, &out_stride, &out, &out, &job->inner,
    &job->pad
  };
  void *normalize[CHAIN_NORMALIZE_COUNT] = { &gpu->resized, &out_stride,
    &out, &out, &job->norm, &gpu->chain_dst
  };

  return launch_chain_kernel (gpu->convert, w, h, convert, "convert")
      && launch_chain_kernel (gpu->resize, out, out, resize, "resize")
      && launch_chain_kernel (gpu->normalize, out, out, normalize, "normalize");
}

static int
run_fused (Gpu * gpu, Job * job)
{
  int err = 0;
  PrepFrame src;
  PrepStatus s;

  /* the planes hold device addresses (prep-kernel.h) */
  nv12_frame (&src, (const uint8_t *) (uintptr_t) gpu->y, gpu->y_stride,
      (const uint8_t *) (uintptr_t) gpu->uv, gpu->uv_stride);
  s = prep_plan_launch (job->plan, gpu->taps, &src, gpu->fused_dst,
      job->tensor_bytes, launch_cu, NULL, gpu->fused_module, &err);

  if (s != PREP_OK) {
    fprintf (stderr, "%s: prep_plan_launch: %s (driver error %d)\n",
        job->w->name, prep_status_string (s), err);
    return 0;
  }
  return 1;
}

/* Bytes each path moves: the fused kernel reads the NV12 of the crop and
 * writes the tensor; the chain reads the whole frame, writes and reads back
 * RGB8 (the crop of it), writes and reads back the resized RGB8, then
 * writes the tensor. */
static double
fused_bytes (const Job * job)
{
  double crop = (double) job->crop.width * job->crop.height;

  return crop * 1.5 + (double) job->tensor_bytes;
}

static double
chain_bytes (const Job * job)
{
  double frame = (double) FRAME_WIDTH * FRAME_HEIGHT;
  double crop = (double) job->crop.width * job->crop.height;
  double out = (double) job->w->out * job->w->out;

  return frame * 1.5 + frame * 3 + crop * 3 + out * 3 * 2
      + (double) job->tensor_bytes;
}

/* One run of the path time_path () times. */
typedef struct
{
  Gpu *gpu;
  Job *job;
  int chain;
} PathRun;

static int
run_path (void *data)
{
  PathRun *r = data;

  return r->chain ? run_chain (r->gpu, r->job) : run_fused (r->gpu, r->job);
}

/* Median and min of @n synchronized runs of one path, in microseconds. */
static int
time_path (Gpu * gpu, Job * job, int chain, int n, double *median, double *min)
{
  PathRun r = { gpu, job, chain };

  return time_runs (run_path, &r, n, median, min);
}

/* The job's kernel table into gpu->taps, before its first launch (and again
 * after any prep_plan_set_slots (), which these plans never get). */
static int
upload_taps (Gpu * gpu, Job * job)
{
  return copy_linear (gpu->taps, (void *) job->taps, job->taps_bytes, 1);
}

/* The kernels alone, back to back, by the device's clock (events):
 * microseconds per frame and the fused kernel's share of @peak. */
static int
bench_kernel_time (Gpu * gpu, Job * job, int iterations, double peak)
{
  PathRun fused = { gpu, job, 0 }, chain = { gpu, job, 1 };
  double fk, ck, fb = fused_bytes (job);

  if (!bench_events_available ()) {
    printf ("  kernel time: no events (cuEventElapsedTime not found)\n");
    return 1;
  }
  if (!time_back_to_back (run_path, &fused, iterations, &fk)
      || !time_back_to_back (run_path, &chain, iterations, &ck))
    return 0;
  printf ("  kernel time (events, back to back): fused %9.2f us, "
      "%7.1f GB/s", fk, fb / (fk * 1e3));
  if (peak > 0)
    printf (" (%.1f%% of DRAM peak)", 100.0 * fb / (fk * 1e3) / peak);
  printf ("; chain %9.2f us; chain / fused %.2fx\n", ck, ck / fk);
  return 1;
}

static int
bench (Gpu * gpu, Job * job, int iterations, double peak)
{
  double fm, fmin, cm, cmin, fb = fused_bytes (job), cb = chain_bytes (job);

  if (!upload_taps (gpu, job)
      || !time_path (gpu, job, 0, iterations, &fm, &fmin)
      || !time_path (gpu, job, 1, iterations, &cm, &cmin))
    return 0;
  printf ("%s (%s)\n", job->w->name, job->w->what);
  printf ("  fused: median %9.1f us, min %9.1f us, %8.2f MB, %7.1f GB/s",
      fm, fmin, fb * 1e-6, fb / (fm * 1e3));
  if (peak > 0)
    printf (" (%.0f%% of peak)", 100.0 * fb / (fm * 1e3) / peak);
  printf ("\n  chain: median %9.1f us, min %9.1f us, %8.2f MB, %7.1f GB/s",
      cm, cmin, cb * 1e-6, cb / (cm * 1e3));
  if (peak > 0)
    printf (" (%.0f%% of peak)", 100.0 * cb / (cm * 1e3) / peak);
  printf ("\n  chain / fused: %.2fx (median), %.2fx (min)\n", cm / fm,
      cmin / fmin);
  return bench_kernel_time (gpu, job, iterations, peak);
}

/* --check: one run of each path against the CPU engine.  Returns 0 on a
 * failure of the fused kernel, a chain over its bound, or an error. */
static int
check (Gpu * gpu, Job * job, const uint8_t * y, const uint8_t * uv)
{
  size_t n = job->tensor_bytes / sizeof (float), plane = n / 3, i;
  float *cpu = malloc (job->tensor_bytes), *fused = malloc (job->tensor_bytes);
  float *chain = malloc (job->tensor_bytes);
  double max_err = 0.0;
  int ok = cpu && fused && chain, same;
  PrepFrame src;

  nv12_frame (&src, y, gpu->y_stride, uv, gpu->uv_stride);
  ok = ok && prep_plan_run_cpu (job->plan, &src, cpu, job->tensor_bytes)
      == PREP_OK;
  ok = ok && upload_taps (gpu, job) && run_fused (gpu, job)
      && run_chain (gpu, job)
      && check_cu (CuStreamSynchronize (NULL), "cuStreamSynchronize")
      && copy_linear (gpu->fused_dst, fused, job->tensor_bytes, 0)
      && copy_linear (gpu->chain_dst, chain, job->tensor_bytes, 0);
  if (!ok) {
    fprintf (stderr, "%s: check not run\n", job->w->name);
    goto out;
  }
  same = memcmp (cpu, fused, job->tensor_bytes) == 0;
  /* error in pixel steps: tensor units * std / scale */
  for (i = 0; i < n; i++) {
    int c = (int) (i / plane);
    double e = fabs ((double) chain[i] - (double) cpu[i]) * job->w->std[c]
        * 255.0;

    if (!(e <= max_err))
      max_err = e;
  }
  printf ("%s (%s): fused %s the CPU engine (%zu bytes); chain max error "
      "%.4f / 255 (bound %.1f)\n", job->w->name, job->w->what,
      same ? "bit-identical to" : "DIFFERS from", job->tensor_bytes,
      max_err, CHAIN_MAX_ERR);
  ok = same && max_err < CHAIN_MAX_ERR;
out:
  free (cpu);
  free (fused);
  free (chain);
  return ok;
}

/* Peak memory bandwidth in GB/s from the driver's attributes, 0 when they
 * are not reported. */
static double
device_peak (CUdevice dev)
{
  int clock_khz = 0, bus_bits = 0;

  if (CuDeviceGetAttribute (&clock_khz, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE,
          dev) != CUDA_SUCCESS
      || CuDeviceGetAttribute (&bus_bits,
          CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, dev) != CUDA_SUCCESS
      || clock_khz <= 0 || bus_bits <= 0)
    return 0.0;
  return 2.0 * clock_khz * 1000.0 * bus_bits / 8.0 * 1e-9;
}

static void
usage (FILE * f)
{
  fprintf (f, "usage: cudapreproc-bench-gpu [--iterations N] [--streams N] "
      "[--check]\n"
      "  --iterations N  timed runs per path and workload (default 200)\n"
      "  --streams N     streams of the batch workload (default: 8, 32 and\n"
      "                  64; 8 with --check; 0: none)\n"
      "  --check         run each workload once and compare with the CPU\n"
      "                  engine instead of timing\n");
}

int
main (int argc, char **argv)
{
  int iterations = 200, do_check = 0, n_dev = 0, i, ok = 1, streams = -1;
  size_t y_bytes, uv_bytes, max_tensor = 0, max_resized = 0, max_taps = 0;
  GstCudaContext *ctx = NULL;
  CUmodule fused_mod = NULL, chain_mod = NULL;
  CUdevice dev = 0;
  uint8_t *y = NULL, *uv = NULL;
  Job jobs[N_WORKLOADS];
  char name[256] = "?";
  double peak;
  Gpu gpu;

  for (i = 1; i < argc; i++) {
    if (strcmp (argv[i], "--check") == 0) {
      do_check = 1;
    } else if (strcmp (argv[i], "--iterations") == 0 && i + 1 < argc) {
      char *end;
      long v = strtol (argv[++i], &end, 10);

      if (*end != '\0' || v < 1 || v > 1000000) {
        usage (stderr);
        return 2;
      }
      iterations = (int) v;
    } else if (strcmp (argv[i], "--streams") == 0 && i + 1 < argc) {
      char *end;
      long v = strtol (argv[++i], &end, 10);

      if (*end != '\0' || v < 0 || v > PREP_BATCH_MAX) {
        usage (stderr);
        return 2;
      }
      streams = (int) v;
    } else if (strcmp (argv[i], "--help") == 0) {
      usage (stdout);
      return 0;
    } else {
      usage (stderr);
      return 2;
    }
  }

  gst_init (NULL, NULL);
  if (!gst_cuda_load_library ()) {
    printf ("no CUDA driver (libgstcuda could not load libcuda.so.1): "
        "skipped\n");
    return 77;
  }
  if (CuInit (0) != CUDA_SUCCESS || CuDeviceGetCount (&n_dev) != CUDA_SUCCESS
      || n_dev < 1) {
    printf ("no CUDA device: skipped\n");
    return 77;
  }

  memset (&gpu, 0, sizeof gpu);
  memset (jobs, 0, sizeof jobs);
  for (i = 0; i < (int) N_WORKLOADS; i++) {
    if (!job_init (&jobs[i], &workloads[i]))
      return 1;
    if (jobs[i].tensor_bytes > max_tensor)
      max_tensor = jobs[i].tensor_bytes;
    if (prep_plan_kernel_table (jobs[i].plan, &jobs[i].taps,
            &jobs[i].taps_bytes, &jobs[i].taps_gen) != PREP_OK)
      return 1;
    if (jobs[i].taps_bytes > max_taps)
      max_taps = jobs[i].taps_bytes;
    if ((size_t) workloads[i].out * workloads[i].out * 3 > max_resized)
      max_resized = (size_t) workloads[i].out * workloads[i].out * 3;
  }
  gpu.y_stride = gpu.uv_stride = FRAME_WIDTH;
  gpu.rgb_stride = FRAME_WIDTH * 3;
  {
    PrepFrame f;
    size_t bytes[PREP_PLANES_MAX];

    nv12_frame (&f, NULL, gpu.y_stride, NULL, gpu.uv_stride);
    if (prep_frame_plane_bytes (&f, bytes) != PREP_OK)
      return 1;
    y_bytes = bytes[0];
    uv_bytes = bytes[1];
  }
  y = malloc (y_bytes);
  uv = malloc (uv_bytes);
  if (y == NULL || uv == NULL)
    return 1;
  frame_fill (y, gpu.y_stride, uv, gpu.uv_stride);

  ctx = gst_cuda_context_new (0);
  if (ctx == NULL || !gst_cuda_context_push (ctx)) {
    fprintf (stderr, "cannot create or push a CUDA context on device 0\n");
    return 1;
  }
  CuDeviceGet (&dev, 0);
  CuDeviceGetName (name, sizeof (name), dev);
  peak = device_peak (dev);
  printf ("device: %s", name);
  if (peak > 0)
    printf (", peak memory bandwidth %.1f GB/s (memory clock x bus width)",
        peak);
  else
    printf (", peak memory bandwidth not reported");
  printf ("\nframe: %dx%d NV12, synthetic; %s\n", FRAME_WIDTH, FRAME_HEIGHT,
      do_check ? "check mode: one run per path, against the CPU engine" :
      "synchronized wall time per frame");

  ok = check_cu (CuModuleLoadData (&fused_mod, prep_kernel_fatbin),
      "loading the fused kernel")
      && check_cu (CuModuleLoadData (&chain_mod, chain_kernels_fatbin),
      "loading the chain kernels")
      && (gpu.fused_module = fused_mod) != NULL
      && check_cu (CuModuleGetFunction (&gpu.fused, fused_mod,
          PREP_KERNEL_SLOTS_NAME), PREP_KERNEL_SLOTS_NAME)
      && check_cu (CuModuleGetFunction (&gpu.convert, chain_mod,
          CHAIN_CONVERT_NAME), CHAIN_CONVERT_NAME)
      && check_cu (CuModuleGetFunction (&gpu.resize, chain_mod,
          CHAIN_RESIZE_NAME), CHAIN_RESIZE_NAME)
      && check_cu (CuModuleGetFunction (&gpu.normalize, chain_mod,
          CHAIN_NORMALIZE_NAME), CHAIN_NORMALIZE_NAME)
      && check_cu (CuMemAlloc (&gpu.y, y_bytes), "cuMemAlloc")
      && check_cu (CuMemAlloc (&gpu.uv, uv_bytes), "cuMemAlloc")
      && check_cu (CuMemAlloc (&gpu.rgb, (size_t) gpu.rgb_stride
          * FRAME_HEIGHT), "cuMemAlloc")
      && check_cu (CuMemAlloc (&gpu.resized, max_resized), "cuMemAlloc")
      && check_cu (CuMemAlloc (&gpu.fused_dst, max_tensor), "cuMemAlloc")
      && check_cu (CuMemAlloc (&gpu.chain_dst, max_tensor), "cuMemAlloc")
      && check_cu (CuMemAlloc (&gpu.taps, max_taps), "cuMemAlloc")
      && copy_linear (gpu.y, y, y_bytes, 1)
      && copy_linear (gpu.uv, uv, uv_bytes, 1);

  for (i = 0; ok && i < (int) N_WORKLOADS; i++)
    ok = do_check ? check (&gpu, &jobs[i], y, uv)
        : bench (&gpu, &jobs[i], iterations, peak);
  /* streams: the one given, else 8 (--check) or 8, 32 and 64 */
  for (i = 0; ok && i < 3; i++) {
    static const int counts[] = { 8, 32, 64 };
    int n = streams >= 0 ? streams : counts[i];

    if (n > 0)
      ok = bench_gpu_streams (fused_mod, n, y, uv, iterations, do_check, peak);
    if (streams >= 0 || do_check)
      break;
  }
  if (ok)
    ok = bench_gpu_tile (fused_mod, y, uv, iterations, do_check);
  if (ok)
    ok = bench_gpu_element (ctx, jobs[0].plan, y, uv, iterations, do_check);

  if (gpu.y)
    CuMemFree (gpu.y);
  if (gpu.uv)
    CuMemFree (gpu.uv);
  if (gpu.rgb)
    CuMemFree (gpu.rgb);
  if (gpu.resized)
    CuMemFree (gpu.resized);
  if (gpu.fused_dst)
    CuMemFree (gpu.fused_dst);
  if (gpu.chain_dst)
    CuMemFree (gpu.chain_dst);
  if (gpu.taps)
    CuMemFree (gpu.taps);
  if (fused_mod)
    CuModuleUnload (fused_mod);
  if (chain_mod)
    CuModuleUnload (chain_mod);
  gst_cuda_context_pop (NULL);
  gst_object_unref (ctx);
  for (i = 0; i < (int) N_WORKLOADS; i++)
    prep_plan_free (jobs[i].plan);
  free (y);
  free (uv);
  if (!ok)
    fprintf (stderr, "cudapreproc-bench-gpu: FAILED\n");
  return ok ? 0 : 1;
}

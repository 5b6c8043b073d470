/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* On a real GPU: the embedded kernel against the CPU path, bit for bit, on
 * every case of the engine table, and a real cudaupload ! cudapreproc
 * pipeline against the CPU pipeline.  Without a driver or a device the
 * whole program exits 77 (meson's skip).  Runs without forking (CK_FORK=no):
 * CUDA does not survive fork. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/app/gstappsink.h>
#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/cuda-gst.h>

#include "engine-cases.h"
#include "prep-kernel.h"
#include "prep-kernel-fatbin.h"

static GstCudaContext *ctx;
static CUmodule module;
static CUfunction function;

static gboolean
gpu_present (void)
{
  int n = 0;

  return gst_cuda_load_library () && CuInit (0) == CUDA_SUCCESS &&
      CuDeviceGetCount (&n) == CUDA_SUCCESS && n > 0;
}

static int
launch_on_gpu (void *func, PrepDim3 grid, PrepDim3 block, void *stream,
    void **args, void *user_data)
{
  return CuLaunchKernel ((CUfunction) func, grid.x, grid.y, grid.z, block.x,
      block.y, block.z, 0, (CUstream) stream, args, NULL);
}

/* Copies @bytes between host and device as one row. */
static void
copy_linear (CUdeviceptr dev, void *host, size_t bytes, gboolean upload)
{
  CUDA_MEMCPY2D c = { 0, };

  c.srcMemoryType = upload ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
  c.dstMemoryType = upload ? CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST;
  c.srcHost = host;
  c.dstHost = host;
  c.srcDevice = c.dstDevice = dev;
  c.srcPitch = c.dstPitch = c.WidthInBytes = bytes;
  c.Height = 1;
  fail_unless_equals_int (CuMemcpy2D (&c), CUDA_SUCCESS);
}

static CUdeviceptr
upload (const guint8 * host, size_t bytes)
{
  CUdeviceptr dev = 0;

  fail_unless_equals_int (CuMemAlloc (&dev, bytes), CUDA_SUCCESS);
  copy_linear (dev, (void *) host, bytes, TRUE);
  return dev;
}

static void
gpu_setup (void)
{
  ctx = gst_cuda_context_new (0);
  fail_unless (ctx != NULL);
  fail_unless (gst_cuda_context_push (ctx));
  fail_unless_equals_int (CuModuleLoadData (&module, prep_kernel_fatbin),
      CUDA_SUCCESS);
  fail_unless_equals_int (CuModuleGetFunction (&function, module,
          PREP_KERNEL_TAPS_NAME), CUDA_SUCCESS);
  gst_cuda_context_pop (NULL);
}

static void
gpu_teardown (void)
{
  gst_cuda_context_push (ctx);
  CuModuleUnload (module);
  gst_cuda_context_pop (NULL);
  gst_clear_object (&ctx);
}

/* A batch of 3 in float16 from case @cfg: slot 0 its crop, slot 1 the
 * crop's top-left quarter (at least 1x1), slot 2 padding. */
static void
make_batch (PrepPlan * plan, const PrepConfig * cfg)
{
  PrepRect rects[2];

  rects[0] = cfg->crop;
  rects[1] = cfg->crop;
  rects[1].width = MAX (1, cfg->crop.width / 2);
  rects[1].height = MAX (1, cfg->crop.height / 2);
  fail_unless_equals_int (prep_plan_set_slots (plan, rects, 2), PREP_OK);
}

/* The real kernel on case i (as a float16 batch when @batch), compared
 * with the CPU path bit for bit. */
static void
check_gpu_case (guint i, gboolean batch)
{
  const RefCase *tc = &ref_cases[i];
  guint64 rng = case_seed (i);
  PrepPlan *plan = NULL;
  PrepConfig cfg;
  TestFrame f;
  size_t y_bytes, uv_bytes, bytes;
  CUdeviceptr dy, duv, dtaps, ddst = 0;
  const void *taps;
  size_t taps_bytes;
  guint8 *cpu, *gpu;

  case_config (tc, &cfg);
  if (batch) {
    cfg.batch_size = 3;
    cfg.data_type = PREP_DTYPE_FLOAT16;
    /* a normalization beyond float16's range stays float32 */
    if (prep_config_validate (&cfg) != PREP_OK)
      cfg.data_type = PREP_DTYPE_FLOAT32;
  }
  fail_unless_equals_int (prep_plan_new (&cfg, &plan), PREP_OK);
  if (batch)
    make_batch (plan, &cfg);
  frame_new (&f, tc, plan, &rng);
  bytes = prep_plan_output_bytes (plan);
  cpu = g_malloc (bytes);
  gpu = g_malloc (bytes);
  fail_unless_equals_int (prep_plan_run_cpu (plan, f.y, f.y_stride, f.uv,
          f.uv_stride, cpu, bytes), PREP_OK);
  y_bytes = prep_plan_luma_bytes (plan, f.y_stride);
  uv_bytes = prep_plan_chroma_bytes (plan, f.uv_stride);

  fail_unless (gst_cuda_context_push (ctx));
  dy = upload (f.y, y_bytes);
  duv = upload (f.uv, uv_bytes);
  fail_unless_equals_int (prep_plan_kernel_taps (plan, &taps, &taps_bytes),
      PREP_OK);
  dtaps = upload (taps, taps_bytes);
  fail_unless_equals_int (CuMemAlloc (&ddst, bytes), CUDA_SUCCESS);
  fail_unless_equals_int (prep_plan_launch_taps (plan, dtaps, dy,
          f.y_stride, duv, f.uv_stride, ddst, bytes, launch_on_gpu, function,
          NULL, NULL, NULL), PREP_OK);
  fail_unless_equals_int (CuStreamSynchronize (NULL), CUDA_SUCCESS);
  copy_linear (ddst, gpu, bytes, FALSE);
  CuMemFree (dy);
  CuMemFree (duv);
  CuMemFree (dtaps);
  CuMemFree (ddst);
  gst_cuda_context_pop (NULL);

  fail_unless (memcmp (cpu, gpu, bytes) == 0, "case %s%s: GPU differs from "
      "CPU", tc->name, batch ? " (float16 batch of 3)" : "");
  g_free (cpu);
  g_free (gpu);
  frame_free (&f);
  prep_plan_free (plan);
}

GST_START_TEST (test_gpu_kernel_cases)
{
  check_gpu_case (__i__, FALSE);
}

GST_END_TEST;

GST_START_TEST (test_gpu_kernel_batches)
{
  check_gpu_case (__i__, TRUE);
}

GST_END_TEST;

/* Runs a pipeline ending in "appsink name=sink", returns its tensors. */
static GPtrArray *
run_pipeline (const gchar * desc)
{
  GError *err = NULL;
  GstElement *pipe = gst_parse_launch (desc, &err);
  GstElement *sink;
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_sample_unref);
  GstSample *s;

  fail_unless (pipe != NULL, "%s: %s", desc, err ? err->message : "?");
  sink = gst_bin_get_by_name (GST_BIN (pipe), "sink");
  fail_unless (gst_element_set_state (pipe, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  while ((s = gst_app_sink_try_pull_sample (GST_APP_SINK (sink),
              10 * GST_SECOND)) != NULL)
    g_ptr_array_add (out, s);
  gst_element_set_state (pipe, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (pipe);
  return out;
}

#define PIPE_SRC "videotestsrc num-buffers=3 pattern=ball ! " \
    "video/x-raw,format=NV12,width=320,height=240 ! "
#define PIPE_PREP "cudapreproc width=224 height=224 aspect=letterbox ! "

/* cudaupload ! cudapreproc gives the CPU pipeline's tensors, in CUDA
 * memory. */
GST_START_TEST (test_gpu_pipeline)
{
  GPtrArray *cpu, *gpu;
  guint i;

  if (gst_registry_lookup_feature (gst_registry_get (), "cudaupload") == NULL) {
    g_print ("cudaupload is not available (gstreamer1.0-plugins-bad): "
        "pipeline test not run\n");
    return;
  }
  cpu = run_pipeline (PIPE_SRC PIPE_PREP "appsink name=sink sync=false");
  gpu = run_pipeline (PIPE_SRC "cudaupload ! " PIPE_PREP
      "other/tensors(memory:CUDAMemory) ! appsink name=sink sync=false");
  fail_unless_equals_int (cpu->len, 3);
  fail_unless_equals_int (gpu->len, 3);
  for (i = 0; i < cpu->len; i++) {
    GstBuffer *a = gst_sample_get_buffer (g_ptr_array_index (cpu, i));
    GstBuffer *b = gst_sample_get_buffer (g_ptr_array_index (gpu, i));
    GstMapInfo ma, mb;

    fail_unless (gst_is_cuda_memory (gst_buffer_peek_memory (b, 0)));
    fail_unless (gst_buffer_map (a, &ma, GST_MAP_READ));
    /* a CPU map of CUDA memory downloads it */
    fail_unless (gst_buffer_map (b, &mb, GST_MAP_READ));
    fail_unless_equals_uint64 (ma.size, mb.size);
    fail_unless (memcmp (ma.data, mb.data, ma.size) == 0,
        "tensor %u differs between the CPU and the GPU pipeline", i);
    gst_buffer_unmap (a, &ma);
    gst_buffer_unmap (b, &mb);
  }
  g_ptr_array_unref (cpu);
  g_ptr_array_unref (gpu);
}

GST_END_TEST;

static Suite *
cuda_gpu_suite (void)
{
  Suite *s = suite_create ("cudapreproc-gpu");
  TCase *tc = tcase_create ("gpu");

  suite_add_tcase (s, tc);
  tcase_add_unchecked_fixture (tc, gpu_setup, gpu_teardown);
  tcase_add_loop_test (tc, test_gpu_kernel_cases, 0, n_ref_cases);
  tcase_add_loop_test (tc, test_gpu_kernel_batches, 0, n_ref_cases);
  tcase_add_test (tc, test_gpu_pipeline);
  return s;
}

int
main (int argc, char **argv)
{
  gst_check_init (&argc, &argv);
  if (!gpu_present ()) {
    g_print ("no CUDA driver or device: GPU tests skipped\n");
    return 77;
  }
  return gst_check_run_suite (cuda_gpu_suite (), "cuda-gpu", __FILE__);
}

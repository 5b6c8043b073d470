/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* On a real GPU: the embedded kernel against the CPU path, bit for bit, on
 * every case of the engine table; a real cudaupload ! cudapreproc pipeline
 * against the CPU pipeline; and nvh264dec ! cudapreproc on an H.264 stream
 * the test encodes itself, against the CPU path fed the decoder's frames
 * downloaded to system memory.
 *
 * No sub-test passes vacuously: one that cannot run (no driver or device,
 * a GStreamer element not registered) prints "SKIP: <sub-test>: <reason>"
 * and is counted.  When every sub-test was skipped the program exits 77
 * (meson's skip) after printing the reasons; otherwise failures fail and
 * the skips are listed at the end.  Runs without forking (CK_FORK=no, set
 * by main () too): CUDA does not survive fork, and the skips are counted
 * in this process. */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include <gst/check/gstcheck.h>
#include <gst/app/gstappsink.h>
#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/cuda-gst.h>

#include "engine-cases.h"
#include "tensor-check.h"
#include "prep-kernel.h"
#include "prep-kernel-args.h"
#include "prep-kernel-fatbin.h"

static GstCudaContext *ctx;
static CUmodule module;
static CUfunction function;

/* Sub-tests run and skipped (with "<sub-test>: <reason>"). */
static guint n_run;
static GPtrArray *skips;

static void
skip (const gchar * test, const gchar * reason)
{
  gchar *line = g_strdup_printf ("%s: %s", test, reason);

  g_print ("SKIP: %s\n", line);
  g_ptr_array_add (skips, line);
}

/* skip () with @why and, when not NULL, @also (freed). */
static void
skip_also (const gchar * test, const gchar * why, gchar * also)
{
  gchar *reason = also ? g_strdup_printf ("%s; also %s", why, also) :
      g_strdup (why);

  skip (test, reason);
  g_free (reason);
  g_free (also);
}

/* NULL when a CUDA device can be used, else why not (to free). */
static gchar *
gpu_missing (void)
{
  CUresult res;
  int n = 0;

  if (!gst_cuda_load_library ())
    return g_strdup ("no CUDA driver (gst_cuda_load_library () cannot load "
        "libcuda.so.1)");
  if ((res = CuInit (0)) != CUDA_SUCCESS)
    return g_strdup_printf ("cuInit () failed with CUDA error %d", (int) res);
  if ((res = CuDeviceGetCount (&n)) != CUDA_SUCCESS)
    return g_strdup_printf ("cuDeviceGetCount () failed with CUDA error %d",
        (int) res);
  if (n <= 0)
    return g_strdup ("no CUDA device");
  return NULL;
}

static gboolean
registered (const gchar * feature)
{
  GstPluginFeature *f = gst_registry_lookup_feature (gst_registry_get (),
      feature);

  if (f == NULL)
    return FALSE;
  gst_object_unref (f);
  return TRUE;
}

/* The H.264 encoder the decoder test uses: the first one registered. */
static const gchar *
h264_encoder (void)
{
  static const gchar *const encoders[] = { "nvh264enc", "x264enc",
    "openh264enc"
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (encoders); i++)
    if (registered (encoders[i]))
      return encoders[i];
  return NULL;
}

/* NULL when the elements @test needs are registered, else which are not (to
 * free).  @elements ends with NULL; "H264ENC" stands for any encoder of
 * h264_encoder (). */
static gchar *
elements_missing (const gchar * const *elements)
{
  GString *why = g_string_new (NULL);
  guint i;

  for (i = 0; elements[i] != NULL; i++) {
    if (strcmp (elements[i], "H264ENC") == 0) {
      if (h264_encoder () == NULL)
        g_string_append_printf (why, "%sno H.264 encoder registered "
            "(nvh264enc, x264enc or openh264enc)", why->len ? "; " : "");
    } else if (!registered (elements[i])) {
      g_string_append_printf (why, "%s%s is not registered", why->len ?
          "; " : "", elements[i]);
    }
  }
  return g_string_free (why, why->len == 0);
}

static const gchar *const upload_elements[] = { "cudaupload", NULL };

static const gchar *const decode_elements[] = { "nvh264dec", "h264parse",
  "cudadownload", "H264ENC", NULL
};

/* A PrepLaunchFunc: the module's function named @entry. */
static int
launch_on_gpu (const char *entry, PrepDim3 grid, PrepDim3 block,
    unsigned int shared, void *stream, void **args, void *user_data)
{
  CUfunction f;
  CUresult res = CuModuleGetFunction (&f, module, entry);

  if (res != CUDA_SUCCESS)
    return res;
  return CuLaunchKernel (f, grid.x, grid.y, grid.z, block.x,
      block.y, block.z, shared, (CUstream) stream, args, NULL);
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
          PREP_KERNEL_SLOTS_NAME), CUDA_SUCCESS);
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

/* The rectangles of a batch of 3 from case @tc: slot 0 its crop, slot 1
 * the crop's top-left quarter (at least 1x1), slot 2 padding. */
static void
gpu_batch_rects (const RefCase * tc, PrepRect rects[2])
{
  rects[0] = rects[1] = case_crop (tc);
  rects[1].width = MAX (1, rects[0].width / 2);
  rects[1].height = MAX (1, rects[0].height / 2);
}

/* The real kernel on case i (as a float16 batch when @batch), compared
 * with the CPU path bit for bit: through the entry prep_plan_launch ()
 * picks, then with the chroma plane at an odd device address, where no
 * specialised entry's pair loads are aligned (the slots entry). */
static void
check_gpu_case (guint i, gboolean batch)
{
  const RefCase *tc = &ref_cases[i];
  guint64 rng = case_seed (i);
  PrepPlan *plan = NULL;
  PrepConfig cfg;
  PrepRect rects[2];
  PrepFrame dframe;
  TestFrame f;
  size_t y_bytes, uv_bytes, bytes;
  CUdeviceptr dy, duv, dtable, ddst = 0;
  const void *table;
  size_t table_bytes;
  guint64 gen;
  guint8 *cpu, *gpu;
  int odd;

  case_config (tc, &cfg);
  if (batch) {
    cfg.batch_size = 3;
    cfg.data_type = PREP_DTYPE_FLOAT16;
    /* a normalization beyond float16's range stays float32 */
    if (prep_config_validate (&cfg) != PREP_OK)
      cfg.data_type = PREP_DTYPE_FLOAT32;
  }
  gpu_batch_rects (tc, rects);
  fail_unless_equals_int (prep_plan_new (&cfg, rects, batch ? 2 : 1, &plan),
      PREP_OK);
  frame_new (&f, tc, plan, &rng);
  bytes = prep_plan_output_bytes (plan);
  cpu = g_malloc (bytes);
  gpu = g_malloc (bytes);
  fail_unless_equals_int (prep_plan_run_cpu (plan, &f.pf, cpu, bytes), PREP_OK);
  y_bytes = plan_plane_bytes (plan, 0, f.y_stride);
  uv_bytes = plan_plane_bytes (plan, 1, f.uv_stride);

  for (odd = 0; odd < 2; odd++) {
    fail_unless (gst_cuda_context_push (ctx));
    dy = upload (f.y, y_bytes);
    fail_unless_equals_int (CuMemAlloc (&duv, uv_bytes + 1), CUDA_SUCCESS);
    copy_linear (duv + odd, (void *) f.uv, uv_bytes, TRUE);
    fail_unless_equals_int (prep_plan_kernel_table (plan, &table,
            &table_bytes, &gen), PREP_OK);
    dtable = upload (table, table_bytes);
    fail_unless_equals_int (CuMemAlloc (&ddst, bytes), CUDA_SUCCESS);
    /* the frame's planes hold device addresses */
    dframe = f.pf;
    dframe.planes[0] = (const guint8 *) (guintptr) dy;
    dframe.planes[1] = (const guint8 *) (guintptr) (duv + odd);
    fail_unless_equals_int (prep_plan_launch (plan, dtable, &dframe, ddst,
            bytes, launch_on_gpu, NULL, NULL, NULL), PREP_OK);
    fail_unless_equals_int (CuStreamSynchronize (NULL), CUDA_SUCCESS);
    copy_linear (ddst, gpu, bytes, FALSE);
    CuMemFree (dy);
    CuMemFree (duv);
    CuMemFree (dtable);
    CuMemFree (ddst);
    gst_cuda_context_pop (NULL);

    assert_same_tensor (gpu, cpu, bytes,
        cfg.data_type == PREP_DTYPE_FLOAT16 ? 2 : 4, cfg.batch_size,
        "the CPU path's", "case %s%s, on the GPU%s", tc->name,
        !batch ? "" : cfg.data_type == PREP_DTYPE_FLOAT16 ?
        " (float16 batch of 3)" : " (float32 batch of 3)",
        odd ? ", chroma at an odd address" : "");
  }
  g_free (cpu);
  g_free (gpu);
  frame_free (&f);
  prep_plan_free (plan);
}

GST_START_TEST (test_gpu_kernel_cases)
{
  n_run++;
  check_gpu_case (__i__, FALSE);
}

GST_END_TEST;

GST_START_TEST (test_gpu_kernel_batches)
{
  n_run++;
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

/* Compares two runs' tensors byte for byte: @n of each, same sizes. */
static void
compare_tensors (GPtrArray * cpu, GPtrArray * gpu, guint n, gboolean
    cuda_out, const gchar * what)
{
  guint i;

  fail_unless_equals_int (cpu->len, n);
  fail_unless_equals_int (gpu->len, n);
  for (i = 0; i < cpu->len; i++) {
    GstBuffer *a = gst_sample_get_buffer (g_ptr_array_index (cpu, i));
    GstBuffer *b = gst_sample_get_buffer (g_ptr_array_index (gpu, i));
    GstMapInfo ma, mb;

    if (cuda_out)
      fail_unless (gst_is_cuda_memory (gst_buffer_peek_memory (b, 0)));
    fail_unless (gst_buffer_map (a, &ma, GST_MAP_READ));
    /* a CPU map of CUDA memory downloads it */
    fail_unless (gst_buffer_map (b, &mb, GST_MAP_READ));
    fail_unless_equals_uint64 (ma.size, mb.size);
    /* the pipelines' tensors are float32 */
    assert_same_tensor (mb.data, ma.data, ma.size, 4, 1,
        "the CPU pipeline's", "%s: tensor %u of the GPU pipeline", what, i);
    gst_buffer_unmap (a, &ma);
    gst_buffer_unmap (b, &mb);
  }
}

/* Runs @desc to EOS; fails on an error message. */
static void
run_to_eos (const gchar * desc)
{
  GError *err = NULL;
  GstElement *pipe = gst_parse_launch (desc, &err);
  GstMessage *msg;
  GstBus *bus;

  fail_unless (pipe != NULL, "%s: %s", desc, err ? err->message : "?");
  bus = gst_element_get_bus (pipe);
  fail_unless (gst_element_set_state (pipe, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE, "%s: cannot start", desc);
  msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s: no EOS within 60 s", desc);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    gchar *dbg = NULL;

    gst_message_parse_error (msg, &err, &dbg);
    fail ("%s: %s (%s)", desc, err->message, dbg ? dbg : "");
  }
  gst_message_unref (msg);
  gst_element_set_state (pipe, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipe);
}

#define PIPE_SRC "videotestsrc num-buffers=3 pattern=ball ! " \
    "video/x-raw,format=NV12,width=320,height=240 ! "
#define PIPE_PREP "cudapreproc width=224 height=224 aspect=letterbox ! "

/* cudaupload ! cudapreproc gives the CPU pipeline's tensors, in CUDA
 * memory. */
GST_START_TEST (test_gpu_pipeline)
{
  GPtrArray *cpu, *gpu;
  gchar *why = elements_missing (upload_elements);

  if (why != NULL) {
    skip ("cudaupload ! cudapreproc", why);
    g_free (why);
    return;
  }
  n_run++;
  cpu = run_pipeline (PIPE_SRC PIPE_PREP "appsink name=sink sync=false");
  gpu = run_pipeline (PIPE_SRC "cudaupload ! " PIPE_PREP
      "other/tensors(memory:CUDAMemory) ! appsink name=sink sync=false");
  compare_tensors (cpu, gpu, 3, TRUE, "cudaupload ! cudapreproc");
  g_ptr_array_unref (cpu);
  g_ptr_array_unref (gpu);
}

GST_END_TEST;

#define H264_FRAMES 8
#define H264_PREP "cudapreproc width=224 height=160 aspect=letterbox ! "

/* nvh264dec ! cudapreproc (CUDA memory in) gives the tensors of the CPU
 * path fed the same decoded frames downloaded to system memory, on an
 * H.264 stream encoded here (the first encoder of h264_encoder ()). */
GST_START_TEST (test_gpu_nvh264dec)
{
  const gchar *what = "nvh264dec ! cudapreproc";
  gchar *why = elements_missing (decode_elements), *file, *desc, *head;
  GPtrArray *cpu, *gpu;
  GError *err = NULL;
  int fd;

  if (why != NULL) {
    skip (what, why);
    g_free (why);
    return;
  }
  n_run++;
  fd = g_file_open_tmp ("cuda-gpu-XXXXXX.h264", &file, &err);
  fail_unless (fd >= 0, "temporary file: %s", err ? err->message : "?");
  close (fd);
  desc = g_strdup_printf ("videotestsrc num-buffers=%d pattern=ball ! "
      "video/x-raw,format=I420,width=320,height=240,framerate=30/1 ! %s ! "
      "h264parse ! video/x-h264,stream-format=byte-stream,alignment=au ! "
      "filesink location=\"%s\"", H264_FRAMES, h264_encoder (), file);
  g_print ("%s: encoding with %s\n", what, h264_encoder ());
  run_to_eos (desc);
  g_free (desc);

  head = g_strdup_printf ("filesrc location=\"%s\" ! h264parse ! "
      "nvh264dec ! ", file);
  desc = g_strdup_printf ("%scudadownload ! video/x-raw,format=NV12 ! "
      H264_PREP "appsink name=sink sync=false", head);
  cpu = run_pipeline (desc);
  g_free (desc);
  desc = g_strdup_printf ("%svideo/x-raw(memory:CUDAMemory),format=NV12 ! "
      H264_PREP "appsink name=sink sync=false", head);
  gpu = run_pipeline (desc);
  g_free (desc);
  compare_tensors (cpu, gpu, H264_FRAMES, FALSE, what);
  g_ptr_array_unref (cpu);
  g_ptr_array_unref (gpu);
  g_unlink (file);
  g_free (file);
  g_free (head);
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
  tcase_add_test (tc, test_gpu_nvh264dec);
  return s;
}

int
main (int argc, char **argv)
{
  gchar *why, *also;
  guint i;
  int failed;

  /* before gst_check_init (): the skips are counted in this process */
  g_setenv ("CK_FORK", "no", TRUE);
  gst_check_init (&argc, &argv);
  skips = g_ptr_array_new_with_free_func (g_free);
  if ((why = gpu_missing ()) != NULL) {
    skip ("the kernel on the engine's cases", why);
    skip ("the kernel on float16 batches", why);
    /* the elements are listed too: the plugins a GPU machine needs */
    also = elements_missing (upload_elements);
    skip_also ("cudaupload ! cudapreproc", why, also);
    also = elements_missing (decode_elements);
    skip_also ("nvh264dec ! cudapreproc", why, also);
    g_print ("cuda-gpu: every GPU sub-test skipped (%s)\n", why);
    g_free (why);
    g_ptr_array_unref (skips);
    return 77;
  }
  failed = gst_check_run_suite (cuda_gpu_suite (), "cuda-gpu", __FILE__);
  if (n_run == 0 && failed == 0) {
    g_print ("cuda-gpu: every GPU sub-test skipped:\n");
    failed = 77;
  } else if (skips->len > 0) {
    g_print ("cuda-gpu: %u sub-test(s) run, %u skipped:\n", n_run, skips->len);
  }
  for (i = 0; i < skips->len; i++)
    g_print ("  SKIP: %s\n", (const gchar *) g_ptr_array_index (skips, i));
  g_ptr_array_unref (skips);
  return failed;
}

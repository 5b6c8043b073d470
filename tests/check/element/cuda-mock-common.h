/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* What the files of the `cuda-mock` gst-check program share: the caps and
 * sizes of its input frames, the helpers of cuda-mock-common.c, and each
 * file's function that adds its tests to the suite of cuda-mock.c.  (The
 * set-up shared with the element's other programs is element-harness.h,
 * the mock's own checks mock-cuda-check.h.)  Headers are formatted by
 * hand. */

#ifndef __CUDA_MOCK_COMMON_H__
#define __CUDA_MOCK_COMMON_H__

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <gst/cuda/gstcudaloader.h>
#include <gst/cuda/gstcudacontext.h>
#include <gst/cuda/gstcudamemory.h>
#include <gst/cuda/gstcudabufferpool.h>
#include <gst/cuda/gstcudautils.h>
#include <gst/cuda/cuda-gst.h>

/* 1.24+: CUDA memory can carry a stream (gst/gstcudapreproc-compat.h) */
#define GST_CUDA_PREPROC_TEST_STREAMS GST_CHECK_VERSION(1, 24, 0)

#include "prep.h"
#include "gstcudapreproc-analytics-compat.h"
#include "mock-cuda.h"
#include "mock-cuda-check.h"
#include "element-harness.h"
#include "tensor-check.h"

/* The input frames: NV12 of IN_W x IN_H, in CUDA or system memory */
#define IN_W 64
#define IN_H 48
#define CUDA_NV12 "video/x-raw(memory:CUDAMemory), format=NV12, " \
    "width=64, height=48, framerate=30/1, colorimetry=bt601"
#define SYS_NV12 "video/x-raw, format=NV12, width=64, height=48, " \
    "framerate=30/1, colorimetry=bt601"
#define CUDA_TENSORS "other/tensors(memory:CUDAMemory)"
#define SYS_TENSORS "other/tensors"

/* The frames of every input format (cuda_format_buffer ()).  An even
 * height: libgstcuda lays I420's and YV12's chroma planes height / 2 rows
 * apart in CUDA memory (gstcudamemory.c), so with an odd height the last U
 * row would be the first V row. */
#define FMT_W 45
#define FMT_H 30

/* An NV12 frame in host memory (tight strides); cuda_frame_buffer () puts
 * it in a CUDA buffer. */
typedef struct
{
  guint8 y[IN_W * IN_H];
  guint8 uv[IN_W * IN_H / 2];
} HostFrame;

/* A push from another thread (push_job ()): @buf (taken) into @h, its
 * flow return in @ret, @done set (atomically) when the push returned. */
typedef struct
{
  GstHarness *h;
  GstBuffer *buf;
  GstFlowReturn ret;
  gint done;
} PushJob;

/* Fills @f with pseudo-random bytes from @seed. */
void host_frame_fill (HostFrame * f, guint32 seed);

/* An active GstCudaBufferPool of @ctx for @caps_str, with video metas. */
GstBufferPool *cuda_pool_new_for (GstCudaContext * ctx,
    const gchar * caps_str);

/* The same for CUDA_NV12. */
GstBufferPool *cuda_pool_new (GstCudaContext * ctx);

/* The end of a case: tears down @h, then frees @pool and @ctx, then runs
 * the mock's end-of-test checks (mock_cuda_check_end ()). */
void case_end (GstHarness * h, GstBufferPool * pool, GstCudaContext * ctx);

/* A CUDA buffer of @pool holding the @w x @h NV12 frame @y, @uv (tight
 * strides), written through a CPU map. */
GstBuffer *cuda_buffer_from (GstBufferPool * pool, gint w, gint h,
    const guint8 * y, const guint8 * uv);

/* @f in a CUDA buffer of @pool (an IN_W x IN_H pool). */
GstBuffer *cuda_frame_buffer (GstBufferPool * pool, const HostFrame * f);

/* The CPU engine's tensor for @cfg and the whole of @f (to free), its
 * size in *@bytes. */
gfloat *expected_tensor (const PrepConfig * cfg, const HostFrame * f,
    gsize * bytes);

/* The configuration of a w x h tensor from an IN_W x IN_H BT.601 limited
 * range frame, stretched or letterboxed, NCHW or NHWC. */
void config_for (PrepConfig * cfg, gint w, gint h, gboolean letterbox,
    gboolean nhwc);

/* Loads the mock driver and returns a new context on @device. */
GstCudaContext *test_context (guint device);

/* A harness for the launch line @props, CUDA_NV12 in, @out_caps out. */
GstHarness *cuda_harness (const gchar * props, const gchar * out_caps);

/* The CUDA path's tensor @got (@bytes) is @expected, the CPU engine's for
 * @cfg; a failure names @what and the first element that differs. */
void assert_engine_tensor (gconstpointer got, gconstpointer expected,
    gsize bytes, const PrepConfig * cfg, const gchar * what);

/* Pulls a tensor from @h and checks it: one memory, in CUDA memory or not
 * as @want_cuda says, synchronized (mock_cuda_check_output ()), holding
 * @expected's @bytes (a failure names @what); returns it. */
GstBuffer *pull_and_compare (GstHarness * h, gconstpointer expected,
    gsize bytes, const PrepConfig * cfg, gboolean want_cuda,
    const gchar * what);

/* Pushes @in (taken), then pull_and_compare (); frees @expected; returns
 * the tensor. */
GstBuffer *push_and_compare_buffer (GstHarness * h, GstBuffer * in,
    gpointer expected, gsize bytes, const PrepConfig * cfg,
    gboolean want_cuda, const gchar * what);

/* Pushes @f in a CUDA buffer of @pool and checks the tensor against the
 * CPU engine's for @cfg (a failure names @what). */
void push_and_compare (GstHarness * h, GstBufferPool * pool,
    const HostFrame * f, const PrepConfig * cfg, gboolean want_cuda,
    const gchar * what);

/* The format of the CUDA allocation that carries a frame of @format: the
 * format itself, or Y444 for NV16 and GRAY8, which libgstcuda's allocator
 * has no layout for (it aborts): Y444's first planes, pitch * height bytes
 * each and back to back, hold NV16's Y and UV planes (GRAY8's one). */
const gchar *cuda_carrier_format (PrepFormat format);

/* A FMT_W x FMT_H CUDA buffer of @format from @pool (of
 * cuda_carrier_format (@format); the buffer's video meta then describes
 * @format in the carrier's planes) with random planes from @seed, and a
 * host copy of its planes in *@host (to free) described by @src, as the
 * engine reads them. */
GstBuffer *cuda_format_buffer (GstBufferPool * pool, PrepFormat format,
    guint32 seed, guint8 ** host, PrepFrame * src);

/* The configuration `width=20 height=14` means for a FMT_W x FMT_H frame
 * of @format without colorimetry. */
void format_config (PrepConfig * cfg, PrepFormat format);

/* The CPU engine's tensor (to free, its size in *@bytes) for a frame of
 * @cfg's size (tight strides) with the @n slots @rects of @cfg's batch. */
gpointer expected_slots (const PrepConfig * cfg, const guint8 * y,
    const guint8 * uv, const PrepRect * rects, gint n, gsize * bytes);

/* The context @e answers context queries on its source pad with (a
 * reference), or NULL. */
GstCudaContext *queried_context (GstElement * e);

/* Pops the element errors posted on @bus so far and returns how many,
 * their texts appended to @text. */
guint error_count (GstBus * bus, GString * text);

/* The mock driver's statistics (allocations, launches, contexts). */
MockCudaStats mock_stats (void);

/* Whether @ptr lies in pinned host memory of the mock (cuMemAllocHost). */
gboolean mock_is_pinned (gconstpointer ptr);

/* Whether @buffer's bytes (all of them) are pinned host memory. */
gboolean buffer_is_pinned (GstBuffer * buffer);

/* Arms the mock's failure @kind (mock_cuda_fail ()): @count failures after
 * @after calls of that kind. */
void mock_fail (const gchar * kind, guint64 after, guint64 count);

/* Pops the messages of @type (errors or warnings) posted on @bus so far
 * and returns how many, their texts and debug strings appended to @text. */
guint message_count (GstBus * bus, GstMessageType type, GString * text);

/* @f in a CUDA buffer of @pool whose bytes are already on the device (its
 * upload done), so that processing it needs no transfer. */
GstBuffer *uploaded_frame (GstBufferPool * pool, const HostFrame * f);

/* GThreadFunc: runs the push of the PushJob @data. */
gpointer push_job (gpointer data);

/* Each file's tests, added to the test cases of cuda-mock.c: */
void cuda_mock_paths_tests (TCase * paths);     /* cuda-mock-paths.c */
void cuda_mock_batches_tests (TCase * paths);   /* cuda-mock-batches.c */
void cuda_mock_contexts_tests (TCase * contexts); /* cuda-mock-contexts.c */
void cuda_mock_failures_tests (TCase * failures,
    TCase * contracts);                         /* cuda-mock-failures.c */
void cuda_mock_contracts_tests (TCase * contracts); /* cuda-mock-contracts.c */
void cuda_mock_held_tests (TCase * contracts);  /* cuda-mock-held.c */

#endif /* __CUDA_MOCK_COMMON_H__ */

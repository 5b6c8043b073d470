/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* The OpenCV peer: per ROI, the conversion to 8-bit RGB of the crop, resize
 * to the inner size (INTER_LINEAR; INTER_AREA, OpenCV's antialiased
 * downscale, for the antialiased workloads), copyMakeBorder for the
 * letterbox, with cover the window of the resized image that the tensor
 * shows (a Mat view: torchvision's CenterCrop), split into three 8-bit
 * planes, and convertTo float with the normalization folded into alpha and
 * beta, straight into the tensor's planes (Mat headers over the tensor, so
 * no copy).  The conversion:
 *   NV12: cvtColorTwoPlane (COLOR_YUV2RGB_NV12), the Y and UV planes of the
 *         crop as Mat views (even offsets);
 *   I420: cvtColor (COLOR_YUV2RGB_I420) of the whole frame as one Mat of
 *         height * 3 / 2 rows (OpenCV's I420 layout: U right after Y, V
 *         right after U, chroma stride half the luma one, which
 *         bench_frame_init () gives); OpenCV has no three-plane call that
 *         takes a crop, so only full-frame ROIs (W1, W4) run from I420;
 *   P010: not run, OpenCV's cvtColor has no 16-bit YUV 4:2:0 input.
 * Nearest workloads resize with INTER_NEAREST_EXACT (torch's
 * nearest-exact, the engine's nearest).  The other tensors, each by
 * OpenCV's shortest chain:
 *   uint8 NHWC RGB: the tensor is an 8-bit RGB image, so the resize writes
 *         straight into its inner rectangle (a Mat header over the tensor)
 *         and the bands are filled: no split, no convertTo;
 *   gray: the crop of the Y plane resized (it is the luma), then cv::LUT
 *         with a 256-entry float table (the range expansion, the clamp and
 *         the normalization in one pass) into the tensor's inner rectangle;
 *         no colour conversion at all.
 * OpenCV's YUV 4:2:0 conversions are BT.601 whatever the stream is: the
 * error column shows it.  One thread (cv::setNumThreads (1), unless
 * --opencv-threads says otherwise).  Mats are kept between frames, so steady
 * state does not allocate. */

#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>

#include "bench.h"

namespace {

struct OpenCvState {
  BenchWorkload w;
  BenchRect inner[BENCH_MAX_ROIS];
  BenchRect visible[BENCH_MAX_ROIS];
  int interpolation;
  float a[3], b[3];
  cv::Mat rgb, small, padded, lut;
  std::vector<cv::Mat> planes;
};

/* The crop of ROI i converted to 8-bit RGB, into s->rgb. */
void
convert_roi (OpenCvState * s, int i, const BenchFrame * f)
{
  const BenchRect & roi = s->w.rois[i];

  if (f->format == BENCH_FORMAT_I420) {
    /* the layout OpenCV reads (checked, not assumed) */
    CV_Assert (roi.x == 0 && roi.y == 0 && roi.width == f->width &&
        roi.height == f->height && f->height % 2 == 0 &&
        f->planes[1] == f->planes[0] + (size_t) f->strides[0] * f->height &&
        f->planes[2] == f->planes[1] + (size_t) f->strides[1] *
        (f->height / 2) && 2 * f->strides[1] == f->strides[0] &&
        f->strides[2] == f->strides[1]);
    cv::Mat yuv (f->height * 3 / 2, f->width, CV_8UC1, f->planes[0],
        f->strides[0]);

    cv::cvtColor (yuv, s->rgb, cv::COLOR_YUV2RGB_I420);
  } else {
    cv::Mat y (f->height, f->width, CV_8UC1, f->planes[0], f->strides[0]);
    cv::Mat uv (f->height / 2, f->width / 2, CV_8UC2, f->planes[1],
        f->strides[1]);

    cv::cvtColorTwoPlane (y (cv::Rect (roi.x, roi.y, roi.width, roi.height)),
        uv (cv::Rect (roi.x / 2, roi.y / 2, roi.width / 2, roi.height / 2)),
        s->rgb, cv::COLOR_YUV2RGB_NV12);
  }
}

/* uint8 NHWC RGB: resized into the tensor (stretch, letterbox: the visible
 * rectangle is the inner one). */
void
run_roi_u8 (OpenCvState * s, int i, const BenchFrame * f, uint8_t * slot)
{
  const BenchRect & in = s->inner[i];
  const BenchRect & vis = s->visible[i];
  cv::Mat t (s->w.out_height, s->w.out_width, CV_8UC3, slot);
  cv::Mat dst = t (cv::Rect (vis.x, vis.y, vis.width, vis.height));

  convert_roi (s, i, f);
  cv::resize (s->rgb, dst, cv::Size (in.width, in.height), 0, 0,
      s->interpolation);
  bench_fill_bands (&s->w, &in, slot);
}

/* gray: the luma of the crop resized, then the table into the tensor. */
void
run_roi_gray (OpenCvState * s, int i, const BenchFrame * f, float *slot)
{
  const BenchRect & roi = s->w.rois[i];
  const BenchRect & in = s->inner[i];
  const BenchRect & vis = s->visible[i];
  cv::Mat y (f->height, f->width, CV_8UC1, f->planes[0], f->strides[0]);
  cv::Mat t (s->w.out_height, s->w.out_width, CV_32FC1, slot);
  cv::Mat dst = t (cv::Rect (vis.x, vis.y, vis.width, vis.height));

  cv::resize (y (cv::Rect (roi.x, roi.y, roi.width, roi.height)), s->small,
      cv::Size (in.width, in.height), 0, 0, s->interpolation);
  cv::LUT (s->small, s->lut, dst);
  bench_fill_bands (&s->w, &in, slot);
}

void
run_roi (OpenCvState * s, int i, const BenchFrame * f, float *slot)
{
  const BenchRect & in = s->inner[i];
  const BenchRect & vis = s->visible[i];
  const int ow = s->w.out_width, oh = s->w.out_height;

  convert_roi (s, i, f);
  cv::resize (s->rgb, s->small, cv::Size (in.width, in.height), 0, 0,
      s->interpolation);
  cv::Mat img = s->small;
  if (vis.width != in.width || vis.height != in.height)
    img = s->small (cv::Rect (vis.x - in.x, vis.y - in.y, vis.width,
            vis.height));
  if (vis.width != ow || vis.height != oh) {
    cv::copyMakeBorder (img, s->padded, vis.y, oh - vis.y - vis.height,
        vis.x, ow - vis.x - vis.width, cv::BORDER_CONSTANT,
        cv::Scalar::all (s->w.pad_value));
    img = s->padded;
  }
  cv::split (img, s->planes);
  for (int c = 0; c < 3; c++) {
    cv::Mat out (oh, ow, CV_32FC1, slot + (size_t) c * ow * oh);
    s->planes[c].convertTo (out, CV_32F, s->a[c], s->b[c]);
  }
}

void *
opencv_setup (const BenchWorkload * w, const char **why)
{
  if (w->format == BENCH_FORMAT_P010) {
    *why = "OpenCV's cvtColor has no P010 (16-bit 4:2:0) input";
    return NULL;
  }
  if (w->format == BENCH_FORMAT_I420)
    for (int i = 0; i < w->n_rois; i++)
      if (w->rois[i].x != 0 || w->rois[i].y != 0 ||
          w->rois[i].width != w->src_width ||
          w->rois[i].height != w->src_height) {
        *why = "OpenCV converts I420 from whole frames only";
        return NULL;
      }

  if (bench_peer_refuses (w) != NULL) {
    *why = bench_peer_refuses (w);
    return NULL;
  }

  OpenCvState *s = new OpenCvState ();

  s->w = *w;
  s->interpolation = w->antialias ? cv::INTER_AREA : (w->nearest ?
      cv::INTER_NEAREST_EXACT : cv::INTER_LINEAR);
  bench_norm_fold (&w->norm, s->a, s->b);
  if (w->gray) {
    s->lut.create (1, 256, CV_32FC1);
    bench_gray_lut (w, s->lut.ptr < float >(0));
  }
  for (int i = 0; i < w->n_rois; i++) {
    bench_inner_rect (w, &w->rois[i], &s->inner[i]);
    bench_visible_rect (w, &s->inner[i], &s->visible[i]);
  }
  return s;
}

void
opencv_run (void *state, const BenchFrame * f, void *dst)
{
  OpenCvState *s = static_cast < OpenCvState * >(state);
  size_t n = bench_slot_elements (&s->w) * bench_elem_size (&s->w);
  uint8_t *d = static_cast < uint8_t * >(dst);

  for (int i = 0; i < s->w.n_rois; i++) {
    uint8_t *slot = d + (size_t) i * n;

    if (s->w.out == BENCH_OUT_UINT8)
      run_roi_u8 (s, i, f, slot);
    else if (s->w.gray)
      run_roi_gray (s, i, f, reinterpret_cast < float *>(slot));
    else
      run_roi (s, i, f, reinterpret_cast < float *>(slot));
  }
}

void
opencv_release (void *state)
{
  delete static_cast < OpenCvState * >(state);
}

}                               /* namespace */

extern "C" void
bench_opencv_set_threads (int n)
{
  cv::setNumThreads (n);
}

extern "C" const char *
bench_opencv_version (void)
{
  return CV_VERSION;
}

extern "C" const BenchImpl bench_opencv_impl = {
  "opencv", 1, 1, opencv_setup, opencv_run, opencv_release
};

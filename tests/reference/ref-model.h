/* gst-cudapreproc
 * Copyright (C) 2026 gst-cudapreproc developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Library General Public
 * License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

/* Float64 reference model of the frame -> tensor semantics
 * (docs/semantics.md), written independently of the engine in src/: it
 * shares no code, no header and no format table with it (each format is
 * read by its own obvious code here).  Plain C, no GLib.  Slow and obvious
 * on purpose: every output element is computed on its own, in double, with
 * the source coordinate derived exactly from integers. */

#ifndef __REF_MODEL_H__
#define __REF_MODEL_H__

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Values of RefConfig.matrix. */
#define REF_MATRIX_BT601  601
#define REF_MATRIX_BT709  709
#define REF_MATRIX_BT2020 2020

/* Values of RefConfig.color: the matrix and range (exact), cvtColor's
 * conversion in real numbers (opencv), or each tap converted to 8-bit RGB
 * as cvtColor's integer code does (opencv_8bit) or as videoconvert's fixed
 * point does, its chroma upsampled in integers (videoconvert). */
#define REF_COLOR_EXACT 0
#define REF_COLOR_OPENCV 1
#define REF_COLOR_OPENCV_8BIT 2
#define REF_COLOR_VIDEOCONVERT 3

typedef struct {
  const char *format;             /* GStreamer's name ("NV12", "I420",
                                   * "P010_10LE", "RGBA", ...); NULL: NV12 */
  int src_width, src_height;      /* frame size (luma for YUV) */
  int crop_x, crop_y;             /* ROI, luma pixels, inside the frame */
  int crop_width, crop_height;
  int out_width, out_height;      /* tensor spatial size */
  int letterbox;                  /* 0: stretch, 1: letterbox */
  int cover;                      /* 1: cover (letterbox 0) */
  int antialias;                  /* 1: PIL's antialiased bilinear (or
                                   * bicubic) */
  double crop_fraction;           /* cover: central fraction, (0, 1] */
  int top_left;                   /* letterbox at the top-left corner */
  int half_even;                  /* letterbox size rounded half to even */
  int floor_size;                 /* letterbox size rounded down */
  double pad_value;               /* letterbox bands, pixel units */
  int pad_per_channel;            /* 1: tensor channel c's bands take
                                   * pad_values[c] */
  double pad_values[3];           /* pixel units, output order */
  int nearest;                    /* 0: bilinear, 1: nearest (half up),
                                   * 2: nearest-floor */
  int bicubic;                    /* 1: Keys cubic, A = -0.75 (nearest
                                   * ignored); with antialias PIL's
                                   * BICUBIC (a = -0.5) */
  int window;                     /* 1: the fractional window below instead
                                   * of the crop, taps clamped to the
                                   * frame (resize-then-crop) */
  double window_x, window_y, window_width, window_height;
  int matrix;                     /* REF_MATRIX_* */
  int full_range;                 /* 0: limited (16..235/240), 1: full */
  int color;                      /* YUV inputs: REF_COLOR_* */
  int chroma_bilinear;            /* 1: subsampled chroma linear on its
                                   * plane at the chroma site */
  int chroma_swscale;             /* 1 (with chroma_bilinear): swscale's
                                   * full_chroma_int instead: centered
                                   * horizontally, vertically one row or
                                   * the mean of two */
  int chroma_h_cosited;           /* chroma site: 1 cosited with the luma */
  int chroma_v_cosited;           /* horizontally / vertically, 0 centered */
  int bgr;                        /* 0: RGB, 1: BGR channel order */
  int gray;                       /* 1: one channel, the luma */
  int nhwc;                       /* 0: NCHW, 1: NHWC */
  double scale;                   /* out = (v * scale - mean[c]) / std[c] */
  double mean[3];                 /* per tensor channel (output order) */
  double std[3];
} RefConfig;

/* The planes of a frame: plane i starts at plane[i], rows stride[i] bytes
 * apart. */
typedef struct {
  const uint8_t *plane[3];
  int stride[3];
} RefImage;

/* Fills the defaults: NV12, BT.601 limited range, bilinear, stretch, RGB,
 * NCHW, pad 0, scale 1/255, mean 0, std 1, crop fraction 1.  Sizes and crop
 * are left at 0. */
void ref_config_defaults (RefConfig * cfg);

/* 1 when the model knows @format. */
int ref_format_known (const char *format);

/* Channels of the tensor: 3, or 1 with gray. */
int ref_channels (const RefConfig * cfg);

/* Number of elements (channels * out_width * out_height) of the tensor. */
size_t ref_tensor_elements (const RefConfig * cfg);

/* Index of channel c of output pixel (x, y) in the tensor's layout. */
size_t ref_tensor_index (const RefConfig * cfg, int c, int x, int y);

/* The normalized channel values (output order; the first
 * ref_channels () of out) of output pixel (x, y). */
void ref_pixel (const RefConfig * cfg, const RefImage * img, int x, int y,
    double out[3]);

/* The whole tensor, ref_tensor_elements() doubles, into out. */
void ref_run (const RefConfig * cfg, const RefImage * img, double *out);

/* The element of an integer tensor for the reference value v: uint8
 * round-half-even (clamp (v, 0, 255)); int8 that minus 128.  A float32
 * engine value within its rounding of v may round to the neighbour at a
 * tie; tests allow that. */
double ref_quantize (double v, int int8);

/* float16 (IEEE 754 binary16: 1 sign, 5 exponent, 10 fraction bits):
 * normal values (1 + f / 1024) * 2^(e - 15) for e in 1..30, subnormal
 * f * 2^-24 for e = 0, infinity for e = 31 and f = 0, NaN otherwise.
 * Largest finite 65504, smallest normal 2^-14, smallest subnormal 2^-24. */

/* The float16 value nearest to v, ties to even, as a double: arithmetic on
 * the value (no bit tricks), subnormal steps of 2^-24, magnitudes from
 * 65520 (65504 plus half its ulp, a tie that rounds to the even 65536)
 * up give an infinity of v's sign; zero keeps its sign; NaN stays NaN. */
double ref_half_round (double v);

/* The value of the float16 with these bits, from sign, exponent and
 * fraction. */
double ref_half_decode (uint16_t bits);

/* The spacing of float16 values at the magnitude of v: 2^(e - 10) where
 * 2^e <= |v| < 2^(e + 1), and 2^-24 below 2^-14 (subnormals and 0). */
double ref_half_ulp (double v);

#ifdef __cplusplus
}
#endif

#endif /* __REF_MODEL_H__ */

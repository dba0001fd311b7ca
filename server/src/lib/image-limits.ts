/**
 * The largest picture the server decodes (an avatar, a file's preview): 40 megapixels, a full-size
 * photo of most cameras, 160 MB of pixels at most. A decompression bomb (a 100 KB PNG of
 * 10,000 × 10,000 pixels) is turned away from its header, before any pixel is decoded.
 */
export const MAX_DECODED_PIXELS = 40_000_000;

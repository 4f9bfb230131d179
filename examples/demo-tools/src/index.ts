/**
 * The demo tools both examples serve (the seed's `add` and `echo`, plus an `image` tool
 * returning a real PNG), and the tiny PNG encoder behind it.
 */
export { createDemoService } from './demoService';
export type { DemoService } from './demoService';
export { PNG_SIGNATURE, crc32, encodePng, gradientPng } from './png';
export type { Rgb } from './png';

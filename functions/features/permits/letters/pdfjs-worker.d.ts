/** pdf.js ships its worker without types: the server only hands the module to pdf.js (extract-text.ts). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}

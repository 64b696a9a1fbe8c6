// tesseract.js's own ES module build (its browser bundle): its types are the package's.
declare module 'tesseract.js/dist/tesseract.esm.min.js' {
  import type Tesseract from 'tesseract.js';

  const tesseract: typeof Tesseract;
  export default tesseract;
}

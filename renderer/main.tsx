import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createTransport } from "./transport/createTransport.js";
import { createAppStore } from "./store/createAppStore.js";
import { StoreProvider } from "./store/StoreProvider.js";
import { App } from "./app/App.js";
import "./styles/app.css";

// Composition root: pick the transport (IPC in Electron, HTTP+SSE in a browser) and mount.
const store = createAppStore(createTransport());
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);

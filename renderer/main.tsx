// The app-wide stylesheet first: each feature's own CSS (imported by its screen) comes after and may refine it.
import "./styles/app.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createTransport } from "./transport/createTransport.js";
import { createAppStore } from "./store/createAppStore.js";
import { StoreProvider } from "./store/StoreProvider.js";
import { App } from "./app/App.js";
import { workflowViews } from "./features/registry.js";

// Composition root: pick the transport (IPC in Electron, HTTP+SSE in a browser), hand the store
// the features' screens and reducers, and mount.
const transport = createTransport();
const store = createAppStore(transport.api, { workflowViews, connection: transport.connection });
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);

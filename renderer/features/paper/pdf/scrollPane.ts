/**
 * Moves the pane so that `target` sits `margin` pixels below its top. Only the pane scrolls:
 * scrollIntoView would also scroll every ancestor and push the app's header out of view.
 */
export function scrollPane(pane: HTMLElement | null, target: Element | null | undefined, margin: number): void {
  if (pane && target) pane.scrollTop += target.getBoundingClientRect().top - pane.getBoundingClientRect().top - margin;
}

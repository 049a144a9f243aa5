/** Resolves in a later task, so the browser can handle input and paint in between. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

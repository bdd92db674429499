/**
 * Rolldown's tree-shaking settings of the shop's Vite builds (the web app and the back office).
 * @rc-component/form declares no "sideEffects"; antd's Modal (inside antd App) imports one context
 * from it, which otherwise drags the whole form library into the entry chunk.
 */
export const treeshake = {
  moduleSideEffects: (id: string) =>
    /node_modules\/@rc-component\/(form|async-validator)\//.test(id) ? false : undefined,
};

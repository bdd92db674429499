/**
 * How the web app's code is cut into files (Rolldown's `output.codeSplitting`, decision 0055).
 * Left to itself, Rolldown cut what every page needs (React, the router, the query client) into
 * several files besides the entry, and each antd icon into a file of its own: /home loaded 80
 * scripts, each paying a request and its headers. The groups put the framework into one file and
 * the icons into one; each screen's own code and the antd components only it uses stay in its
 * lazy chunk. (A group for antd's common runtime by its path was tried: its pattern also caught
 * parts only later screens use, and /login loaded more, not less.)
 */
const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|react-is|react-router|@tanstack\/(query-core|react-query))\//;

/**
 * The icons two or more chunks use, in one file: a page shows a dozen of them, each would otherwise
 * be a request. An icon only one chunk uses goes with that chunk (`minShareCount`), so the shared
 * file does not carry it to every page.
 */
const ICONS = /node_modules\/@ant-design\/icons(-svg)?\//;

/**
 * The libraries the entries import themselves (`$initial`), in one file: in effect those of the
 * logged-in frame, an entry of its own (vite.config.ts), since the page's entry imports only the
 * framework (/login renders without antd). antd's providers, App with its toasts and confirm
 * dialog, Button, the theme runtime and what they import: every page behind the login loads them
 * before its own chunk, so one file instead of the dozen small ones Rolldown cut by which lazy
 * chunks share them (decisions 0058, 0059). Which lazy chunks use a part no longer changes how many
 * files every page loads.
 */
const ENTRY_LIBRARIES = /node_modules\//;

export const codeSplitting = {
  groups: [
    { name: 'framework', test: FRAMEWORK, priority: 30 },
    { name: 'icons', test: ICONS, priority: 20, minShareCount: 2 },
    { name: 'entry-libraries', test: ENTRY_LIBRARIES, tags: ['$initial' as const], priority: 10 },
  ],
};

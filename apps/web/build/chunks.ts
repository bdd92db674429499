/**
 * How the web app's code is cut into files (Rolldown's `output.codeSplitting`). Left to itself,
 * Rolldown cut what every page needs (React, the router, the query client, antd's theme and
 * toasts) into a dozen small files besides the entry, and each icon into a file of its own: a
 * page loaded 20 to 80 scripts, each paying a request and its headers, most of them on the path
 * to the first paint. The groups below put what every page needs into two files and leave each
 * screen's own code (and the antd components only it uses) to its lazy chunk.
 */
const FRAMEWORK = /node_modules\/(react|react-dom|scheduler|react-is|react-router|@tanstack\/(query-core|react-query))\//;

/** antd's runtime that the providers (theme, App, toasts, the confirm dialog) and buttons need on every page. */
const ANTD_BASE = new RegExp(
  'node_modules/(' +
    [
      '@ant-design/(cssinjs|cssinjs-utils|fast-color|colors)',
      'stylis',
      '@emotion/(hash|unitless)',
      'clsx',
      '@babel/runtime',
      '@rc-component/(util|motion|trigger|notification|portal|resize-observer|dialog)',
      'antd/es/(config-provider|app|message|notification|modal|theme|style|_util|locale|button|space|grid|skeleton|tooltip)',
    ].join('|') +
    ')/',
);

export const codeSplitting = {
  groups: [
    { name: 'framework', test: FRAMEWORK, priority: 30 },
    { name: 'icons', test: /node_modules\/@ant-design\/icons(-svg)?\//, priority: 20 },
  ],
};

/**
 * A ref callback that focuses its element (a page's heading, with tabIndex -1) once it is on the page: after a
 * route change or a replaced view the focus starts at the new content instead of falling to `<body>`, and a
 * screen reader reads where the guest now is.
 */
export const focusOnMount = (el: HTMLElement | null) => el?.focus();

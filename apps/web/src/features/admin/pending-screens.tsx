/* Screens of issues that have not landed yet; each is replaced by its feature folder when it does. None is left. */
export {};

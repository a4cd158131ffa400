/**
 * The id of the inert `<template>` in which the server puts the app's preload links on a page whose
 * whole first screen it drew (server/src/prerendered_shell.rs): main.tsx moves them into the head
 * once that screen is shown. The build tells the server the id (prerendered-shell.json).
 */
export const DEFERRED_SCRIPTS_ID = 'onda-deferred-scripts';

/**
 * The jobs feature's face: the admin's view of the background job queues (issue 35). Its page
 * loads by route (app/pages.tsx), so nothing else is shared yet.
 */
export {};

/** A stream id: its kind, then its key (`project-01J…`, `designer-dee@example.test`). */
export const STREAM_ID_PATTERN = /^([a-z]+)-([A-Za-z0-9@._+-]{1,200})$/;

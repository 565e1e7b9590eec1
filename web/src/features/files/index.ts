/** What the files slice lends other slices' screens (its calls are in api/). */
export { FilesPanel } from './components/FilesPanel.js';

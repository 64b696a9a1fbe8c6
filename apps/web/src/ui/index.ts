// The shared UI kit's public surface (buttons, lists, dialogs, forms, prompt, page): import
// from '../../ui'. It imports nothing of the shell, the features or the app.
export { Page } from './page/page';
export { NotAvailablePage } from './page/not-available-page';
export { NoData } from './no-data/no-data';
export { Dialog, type DialogProps } from './dialog/dialog';
export { default as controlStyles } from './buttons/controls.module.css';
export { default as tableStyles } from './lists/list-table.module.css';
export { ActionButton, SubmitButton } from './buttons/action-button';
export { Pager, type PagerProps } from './lists/pager';
export { ActionBar } from './buttons/action-bar';
export { ListSection, type ListFailure } from './lists/list-section';

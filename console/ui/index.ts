export { Button } from './button';
export { CopyButton } from './copy-button';
export { Dialog } from './dialog';
export { DialogForm } from './dialog-form';
export { Field } from './field';
export { optionalNumber } from './optional-number';
export { ShownOnce } from './shown-once';
export { Table } from './table';
export { StatusRegion, toast } from './toast';

import type { ButtonHTMLAttributes, ComponentChildren } from 'preact';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: 'primary' | 'danger' | 'plain';
  type?: 'button' | 'submit';
  children: ComponentChildren;
};

export function Button({ variant = 'plain', type = 'button', class: cls, ...rest }: Props) {
  return <button type={type} class={`btn ${variant} ${cls ?? ''}`.trim()} {...rest} />;
}

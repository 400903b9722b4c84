export interface DropdownOption {
  value: string;
  label: string;
  subtitle?: string;
}

import { InputField } from '../../ui/Field.tsx';

interface AdminSearchBoxProps {
  id: string;
  label: string;
  placeholder?: string;
  /** The text typed, from `useDebouncedSearch`: the list searches once typing pauses. */
  search: { searchText: string; setSearchText(text: string): void };
}

/** The search box in an admin list's toolbar. */
export function AdminSearchBox({ id, label, placeholder, search }: AdminSearchBoxProps) {
  return (
    <InputField
      id={id}
      label={label}
      fieldClassName="admin__search"
      type="search"
      value={search.searchText}
      onValue={search.setSearchText}
      placeholder={placeholder}
    />
  );
}

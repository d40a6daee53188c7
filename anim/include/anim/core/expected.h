// Errors as values across module boundaries.
//
// Loading other people's files fails in many ways and the viewer must never exit on one, so every
// function that can refuse its input returns Expected<T>: either the value or an Error whose
// message names the element and the reason ("accessor 7: count 30 runs past the end of buffer
// view 2 (...)"). Exceptions never cross a module boundary; asserts guard internal invariants only.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace sv {

struct Error {
    std::string message;
};

inline Error make_error(std::string message) { return Error{std::move(message)}; }

template <class T>
class [[nodiscard]] Expected {
public:
    Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}      // NOLINT(implicit)
    Expected(Error error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT(implicit)

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & {
        assert(ok());
        return std::get<0>(v_);
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(v_);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(v_));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const {
        assert(!ok());
        return std::get<1>(v_);
    }

private:
    std::variant<T, Error> v_;
};

// A success that carries nothing.
struct Ok {};
using Status = Expected<Ok>;
inline Status ok_status() { return Ok{}; }

}  // namespace sv

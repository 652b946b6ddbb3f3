# fftbloom_set_warnings(target): the project's warning set, applied to its own code only
# (dependencies come in as system headers).
function(fftbloom_set_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wnon-virtual-dtor -Woverloaded-virtual
    -Wnull-dereference -Wimplicit-fallthrough
    # `VkFooCreateInfo info{VK_STRUCTURE_TYPE_...}` value-initialises the rest on purpose: it is
    # the Vulkan idiom for "everything else zero", which -Wextra would flag on every struct.
    -Wno-missing-field-initializers)
  if(FFTBLOOM_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(FFTBLOOM_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()
